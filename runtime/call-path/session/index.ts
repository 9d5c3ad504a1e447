export { ToolSessionClosedError } from './tool-session-closed-error.js';
export {
  createToolSession,
  type PermissionRuleInput,
  type ToolSession,
  type ToolSessionCallOptions,
  type ToolSessionOptions,
  type ToolSessionPermissions,
  type ToolSessionRunOptions,
} from './create-tool-session.js';
