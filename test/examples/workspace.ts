/** The files every example conversation works on: a text file to edit and a 1×1 PNG to read. */
import { realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApprovalRequest, RequestApproval } from '../../runtime/index.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export interface ExampleWorkspace {
  readonly root: string;
  readonly notes: string;
  readonly pixel: string;
  /** Approves every call, recording what was asked. */
  readonly approve: RequestApproval;
  readonly asked: ApprovalRequest[];
}

export async function exampleWorkspace(): Promise<ExampleWorkspace> {
  const root = await realpath(await temporaryDirectory('example-host-'));
  const notes = path.join(root, 'notes.txt');
  const pixel = path.join(root, 'pixel.png');
  await writeFile(notes, 'alpha\nbeta\n');
  await writeFile(pixel, Buffer.from(PNG_BASE64, 'base64'));
  const asked: ApprovalRequest[] = [];
  return {
    root,
    notes,
    pixel,
    asked,
    approve: async (request) => {
      asked.push(request);
      return { decision: 'allow' };
    },
  };
}
