import type { FastifyServerOptions } from "fastify";

/** pino options: request lines carry method, path and status only; secrets are redacted. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        "*.password",
        "*.token",
        "*.streamToken",
        "*.appSecret",
        "*.privateKey",
        "*.p256dh",
        "*.auth",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req(req: { method: string; url: string; id: string; ip?: string }) {
        return { method: req.method, url: req.url, id: req.id, ip: req.ip };
      },
    },
  };
}
