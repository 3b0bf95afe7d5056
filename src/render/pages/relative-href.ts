import { encodePath } from "../../site/site-paths.js";

const SLASH = 47;

/**
 * The path from the page whose folder is `from` (its segments, split once per page) to `target`
 * (a path from the site's root), as short as it gets: "l084/index.html" from the component page
 * rather than "../../p/c/l084/index.html". A site of 100,000 pages links a lot: every byte of a
 * link is paid for on each. The target is compared with the segments in place: splitting each
 * target and joining what is left made two arrays and a string a link.
 */
export function hrefFrom(from: readonly string[], target: string): string {
  let at = 0;
  let same = 0;
  // A segment in common is followed by "/" in the target: its last segment (the file) never is.
  for (; same < from.length; same++) {
    const segment = from[same] ?? "";
    const end = at + segment.length;
    if (target.charCodeAt(end) !== SLASH || !target.startsWith(segment, at)) break;
    at = end + 1;
  }
  return "../".repeat(from.length - same) + encodePath(target.slice(at));
}
