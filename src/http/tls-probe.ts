import { isIP } from "node:net";
import { connect } from "node:tls";
import { field } from "../model/json.js";
import { RequestError } from "./request-error.js";

// An http:// address whose port speaks TLS (https://host:443 written as http://host:443, or a
// server that serves only https on its port): the server hangs up on the plain request, and
// undici reports only "other side closed" (UND_ERR_SOCKET), which a retry cannot cure. When a
// server that never answered hangs up like that, one TLS handshake to the same port tells: if it
// completes, the address wants https://. Nothing is sent over it, and it is closed at once.

/** Codes of a connection the server closed before it answered. */
const HUNG_UP = new Set(["UND_ERR_SOCKET", "ECONNRESET", "UND_ERR_CLOSED"]);

/** Whether `error` is a connection the server closed without an answer. */
export function isHangUp(error: unknown): boolean {
  const codes = [field(error, "code"), field(field(error, "cause"), "code")];
  return codes.some((code) => typeof code === "string" && HUNG_UP.has(code));
}

/**
 * Whether the port of an http:// `origin` completes a TLS handshake within `timeoutMs` (its
 * certificate is not checked: only whether it speaks TLS).
 */
export function speaksTls(origin: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(origin);
  if (url.protocol !== "http:") return Promise.resolve(false);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const port = Number(url.port || 80);
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port,
      servername: isIP(host) ? undefined : host,
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    const done = (tls: boolean) => {
      socket.destroy();
      resolve(tls);
    };
    socket.once("secureConnect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/**
 * The error of every request to an http:// `origin` whose port speaks TLS: it cannot succeed, so
 * it is not retried, and the others are not sent. `setting` names where the address was given.
 */
export function wantsHttps(
  url: string,
  origin: string,
  setting = '"baseUrl"',
  cause?: unknown,
): RequestError {
  const https = origin.replace(/^http:/, "https:");
  return new RequestError(
    "inaccessible",
    url,
    `cannot talk to ${origin}: the server speaks TLS here: use https:// (set ${setting} to ` +
      `${https})`,
    undefined,
    { cause },
  );
}
