import { ErrorCode } from "@parley/protocol";
import { createSigner, createVerifier, TokenError } from "fast-jwt";
import { BoundedMap } from "../../lib/bounded-map.js";
import { DomainError } from "../errors.js";

export const USER_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** Who a chat call acts for: a user, or the server (which may act for any user). */
export interface Actor {
  userId: string;
  /** True when the call came with a server-side token. */
  server: boolean;
  /** The token's id when it can be revoked (user tokens minted at sign-in). */
  tokenId?: string;
  /** The user's app role when the call was authenticated (`user` when unknown). */
  role?: "user" | "moderator" | "admin";
}

export interface VerifiedToken {
  userId: string | null;
  server: boolean;
  tokenId?: string;
  expiresAt?: number;
}

export interface ChatTokens {
  mintUserToken(userId: string, opts?: { ttlSeconds?: number; tokenId?: string }): Promise<string>;
  mintServerToken(ttlSeconds?: number): Promise<string>;
  /** Checks signature and expiry only; revocation is the chat auth service's job. */
  verify(token: string): Promise<VerifiedToken>;
}

/** Tokens whose signature was checked, kept so a client's every request does not redo the HMAC. */
const VERIFIED_TOKENS = 10_000;

interface Verified {
  token: VerifiedToken;
  /** The `exp` claim (seconds), checked again on every use; absent for tokens that never expire. */
  exp?: number;
}

/** A JWT's claims as Parley reads them. */
interface Claims {
  sub?: unknown;
  exp?: number;
  jti?: unknown;
  server?: unknown;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * HS256 tokens, signed and checked synchronously with node:crypto (fast-jwt): a token's first
 * check cost 35–45 µs through WebCrypto against 5–12 µs, paid by every client connecting after a
 * restart.
 */
export function chatTokens(secret: string): ChatTokens {
  const sign = createSigner({ key: secret, algorithm: "HS256" });
  const check = createVerifier({ key: secret, algorithms: ["HS256"] });
  // Keyed by the whole token, signature included, so only a token this key signed can hit.
  const verified = new BoundedMap<string, Verified>(VERIFIED_TOKENS);
  return {
    async mintUserToken(userId, opts = {}) {
      const iat = nowSeconds();
      const exp = iat + (opts.ttlSeconds ?? USER_TOKEN_TTL_SECONDS);
      return sign({ sub: userId, iat, exp, ...(opts.tokenId ? { jti: opts.tokenId } : {}) });
    },
    async mintServerToken(ttlSeconds) {
      const iat = nowSeconds();
      return sign({ server: true, iat, ...(ttlSeconds !== undefined ? { exp: iat + ttlSeconds } : {}) });
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp !== undefined && hit.exp <= nowSeconds()) {
          verified.delete(token);
          throw new DomainError(ErrorCode.tokenExpired, "token has expired");
        }
        return hit.token;
      }
      const checked = verifySignature(token);
      verified.set(token, checked);
      return checked.token;
    },
  };

  function verifySignature(token: string): Verified {
    let payload: Claims;
    try {
      payload = check(token) as Claims;
    } catch (err) {
      if (err instanceof TokenError && err.code === TokenError.codes.expired)
        throw new DomainError(ErrorCode.tokenExpired, "token has expired");
      throw new DomainError(ErrorCode.tokenInvalid, "token is malformed or its signature is invalid");
    }
    if (payload.server === true && payload.sub === undefined)
      return { token: { userId: null, server: true }, exp: payload.exp };
    if (typeof payload.sub === "string" && payload.sub.length > 0 && payload.exp !== undefined) {
      const tokenId = typeof payload.jti === "string" ? payload.jti : undefined;
      return {
        token: { userId: payload.sub, server: false, tokenId, expiresAt: payload.exp },
        exp: payload.exp,
      };
    }
    throw new DomainError(ErrorCode.tokenInvalid, "token has no subject or expiry");
  }
}
