package io.tablecast.views.adapter.in.http;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Continuation tokens as clients see them (SPEC §5): opaque and tamper-evident. A token is the
 * store's cursor and the listing it belongs to, signed with HMAC-SHA256; a token that was altered,
 * forged, or taken from another listing does not open, so it can never steer a query. Pure and
 * thread-safe.
 */
final class ContinuationTokens {

  private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder DECODER = Base64.getUrlDecoder();
  private static final int MAX_TOKEN_LENGTH = 4_096;

  private final SecretKeySpec key;

  ContinuationTokens(byte[] secret) {
    if (secret.length < 32) {
      throw new IllegalArgumentException("The continuation token key must have at least 32 bytes");
    }
    this.key = new SecretKeySpec(secret.clone(), "HmacSHA256");
  }

  /** The token for {@code cursor} in the listing {@code scope} (for example {@code view-sets/orders/Customers/c1/}). */
  String seal(String scope, String cursor) {
    byte[] payload = cursor.getBytes(StandardCharsets.UTF_8);
    return ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(mac(scope, payload));
  }

  /** The cursor inside {@code token}, if it is one this service sealed for {@code scope}. */
  Optional<String> open(String scope, String token) {
    if (token.length() > MAX_TOKEN_LENGTH) {
      return Optional.empty();
    }
    int dot = token.indexOf('.');
    if (dot < 0 || token.indexOf('.', dot + 1) >= 0) {
      return Optional.empty();
    }
    try {
      byte[] payload = DECODER.decode(token.substring(0, dot));
      byte[] signature = DECODER.decode(token.substring(dot + 1));
      // Only the canonical spelling opens: base64 ignores a last character's spare bits.
      String canonical = ENCODER.encodeToString(payload) + "." + ENCODER.encodeToString(signature);
      return canonical.equals(token) && MessageDigest.isEqual(signature, mac(scope, payload))
          ? Optional.of(new String(payload, StandardCharsets.UTF_8)) : Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.empty(); // not base64url
    }
  }

  private byte[] mac(String scope, byte[] payload) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      mac.update(scope.getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      return mac.doFinal(payload);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }
}
