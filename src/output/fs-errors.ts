import { OutputError, messageOf } from "../model/errors.js";
import { errorCode } from "../model/json.js";

// File-system facts in words, shared by everything that writes files (the site, the snapshot):
// a message names the real cause (a read-only disk, a full one), not just an error code.

/** A file-system error code in words, so the message names the real cause. */
export function describeFsError(error: unknown): string {
  const code = errorCode(error);
  const words: Record<string, string> = {
    EROFS: "the file system is read-only",
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    ENOSPC: "no space left on the device",
    EDQUOT: "disk quota exceeded",
    ENOTDIR: "a file is where a folder should be",
    EISDIR: "a folder is where a file should be",
    ENAMETOOLONG: "a file name is too long",
    EMFILE: "too many open files",
    ENOENT: "no such file or folder",
  };
  if (code && words[code]) return `${words[code]} (${code})`;
  return code ?? messageOf(error);
}

export function outputError(what: string, error: unknown): OutputError {
  return new OutputError(`${what}: ${describeFsError(error)}`, { cause: error });
}
