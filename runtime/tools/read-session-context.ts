/**
 * ReadSessionContext: reads another session's context through the host's session port, and
 * holds the host to `max_bytes` (keeping the most recent part) whatever it returns.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/read-session-context.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const sessions = context.ports.sessions;
  if (sessions === undefined) return portUnavailable('ReadSessionContext', HOST_SERVICES.sessions);
  const read = await callHostPort('ReadSessionContext', context.signal, () =>
    sessions.read(input.session_id, { maxBytes: input.max_bytes }),
  );
  if (!read.ok) return read;
  const content = lastUtf8Bytes(read.value.content, input.max_bytes);
  return {
    ok: true,
    output: content.trim() === '' ? `Session ${input.session_id} has no context to show.` : content,
  };
};

/** The end of `text` that fits in `maxBytes` of UTF-8, never starting inside a character. */
function lastUtf8Bytes(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let start = bytes.length - maxBytes;
  // Skip continuation bytes (10xxxxxx) so the cut falls on a character boundary.
  while (start < bytes.length && ((bytes[start] as number) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start).toString('utf8');
}
