/**
 * The result budget of a contract (`resultBudget`), applied to the model-facing text of a
 * successful call.
 *
 * - Text of at most `min(maxInlineBytes, maxModelBytes)` bytes is passed whole.
 * - Otherwise, with `strategy: artifact` and `artifact.enabled`, the whole text is written to
 *   `<artifactDirectory>/<tool>-<call id>.txt` and the model gets a preview plus the path and how
 *   to read the rest (or what `formatPersistedModelContent` says). The result records the file
 *   and its `artifact.retention`, so the host knows when to delete it.
 * - Otherwise the text is cut to a preview (`preview.direction` head or tail) with a marker line
 *   saying how many bytes were left out.
 *
 * A preview is at most `min(preview.maxBytes, maxInlineBytes, maxModelBytes)` bytes, marker
 * included, and never splits a UTF-8 character. Whatever the hook writes is held to
 * `maxModelBytes` too.
 *
 * Marker lines, exactly:
 * - cut: `[... 1234 of 5678 bytes left out ...]`
 * - spilled: `[... 1234 of 5678 bytes left out; the full result is saved in /dir/Bash-1.txt, read that file (e.g. Read with offset and limit) for the rest ...]`
 */
import { mkdir, writeFile } from 'node:fs/promises';
import nodePath from 'node:path';
import type { ToolResultBudget } from '../../core/contract.js';
import { utf8ByteLength, utf8Preview } from './utf8-slice.js';

export type ArtifactRetention = ToolResultBudget['artifact']['retention'];

/** A result written to a file because it was over budget. */
export interface ToolResultArtifact {
  readonly path: string;
  readonly bytes: number;
  /** From `resultBudget.artifact.retention`: when the host may delete the file. */
  readonly retention: ArtifactRetention;
}

export interface BudgetedContent {
  /** What the model reads. */
  readonly content: string;
  /** Bytes of the text before the budget. */
  readonly totalBytes: number;
  /** Bytes of the text the model does not see inline (0 when it got everything). */
  readonly omittedBytes: number;
  readonly artifact?: ToolResultArtifact;
  /** Problems the host should know of (an artifact that could not be written). */
  readonly warnings: readonly string[];
}

export interface ApplyResultBudgetOptions {
  readonly content: string;
  readonly budget: ToolResultBudget;
  /** Canonical tool name; first part of the artifact's file name. */
  readonly toolName: string;
  /** Call id; second part of the artifact's file name (characters outside `[A-Za-z0-9_-]` become `_`). */
  readonly callId: string;
  readonly artifactDirectory: string;
  /** `formatPersistedModelContent` bound to the output, when the tool has it. */
  readonly persistedContent?: (artifactPath: string, totalBytes: number) => string;
}

export function cutMarker(totalBytes: number): (omittedBytes: number) => string {
  return (omittedBytes) => `[... ${omittedBytes} of ${totalBytes} bytes left out ...]`;
}

export function spillMarker(
  totalBytes: number,
  artifactPath: string,
): (omittedBytes: number) => string {
  return (omittedBytes) =>
    `[... ${omittedBytes} of ${totalBytes} bytes left out; the full result is saved in ${artifactPath}, read that file (e.g. Read with offset and limit) for the rest ...]`;
}

/** The artifact file of a call: `<directory>/<tool>-<call id>.txt`. */
export function artifactPathFor(
  artifactDirectory: string,
  toolName: string,
  callId: string,
): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]/g, '_');
  return nodePath.join(artifactDirectory, `${safe(toolName)}-${safe(callId)}.txt`);
}

export async function applyResultBudget(
  options: ApplyResultBudgetOptions,
): Promise<BudgetedContent> {
  const { content, budget } = options;
  const totalBytes = utf8ByteLength(content);
  const inlineLimit = Math.min(budget.maxInlineBytes, budget.maxModelBytes);
  if (totalBytes <= inlineLimit) return { content, totalBytes, omittedBytes: 0, warnings: [] };

  const previewLimit = Math.min(budget.preview.maxBytes, inlineLimit);
  const warnings: string[] = [];
  if (budget.strategy === 'artifact' && budget.artifact.enabled) {
    const path = artifactPathFor(options.artifactDirectory, options.toolName, options.callId);
    try {
      await mkdir(options.artifactDirectory, { recursive: true });
      await writeFile(path, content, 'utf8');
      const artifact = { path, bytes: totalBytes, retention: budget.artifact.retention };
      if (options.persistedContent !== undefined) {
        const text = options.persistedContent(path, totalBytes);
        const summary = utf8Preview(
          text,
          budget.maxModelBytes,
          'head',
          cutMarker(utf8ByteLength(text)),
        );
        return { content: summary.text, totalBytes, omittedBytes: totalBytes, artifact, warnings };
      }
      const preview = utf8Preview(
        content,
        previewLimit,
        budget.preview.direction,
        spillMarker(totalBytes, path),
      );
      return {
        content: preview.text,
        totalBytes,
        omittedBytes: preview.omittedBytes,
        artifact,
        warnings,
      };
    } catch (error) {
      // The model still gets a bounded preview; the host learns why nothing was spilled.
      warnings.push(
        `could not write the result of ${options.toolName} to ${path}: ${(error as Error).message}`,
      );
    }
  }
  const preview = utf8Preview(
    content,
    previewLimit,
    budget.preview.direction,
    cutMarker(totalBytes),
  );
  return { content: preview.text, totalBytes, omittedBytes: preview.omittedBytes, warnings };
}
