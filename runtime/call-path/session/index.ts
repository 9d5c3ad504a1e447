export {
  createToolSession,
  ToolSessionClosedError,
  type PermissionRuleInput,
  type ToolSession,
  type ToolSessionCallOptions,
  type ToolSessionOptions,
  type ToolSessionPermissions,
  type ToolSessionRunOptions,
} from './create-tool-session.js';
