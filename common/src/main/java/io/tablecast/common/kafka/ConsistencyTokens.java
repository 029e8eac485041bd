package io.tablecast.common.kafka;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Consistency tokens as they travel between a producer and the views (SPEC §5), signed with the
 * key the commands service, the views and any team producer share ({@code
 * TABLECAST_CONSISTENCY_KEY}): with it, the views wait only for a write that a holder of the key
 * named, so a forged token (a far-future offset, say) is refused at once instead of holding a
 * read for the whole wait. Without it, tokens travel unsigned, as {@link ConsistencyToken#encode()}
 * writes them.
 *
 * <p>Wire form when signed: the token's own, then {@code .} and the first 16 bytes of its
 * HMAC-SHA256 in unpadded base64url. Clients must not parse it.
 */
public final class ConsistencyTokens {

  /** Tokens written and read unsigned: no key is set. */
  public static final ConsistencyTokens UNSIGNED = new ConsistencyTokens(null);

  private static final int SIGNATURE_BYTES = 16;
  private static final int MIN_KEY_BYTES = 32;
  private static final String VARIABLE = "TABLECAST_CONSISTENCY_KEY";

  private final SecretKeySpec key;

  private ConsistencyTokens(byte[] key) {
    this.key = key == null ? null : new SecretKeySpec(key, "HmacSHA256");
  }

  /**
   * Tokens signed with {@code key}.
   *
   * @throws IllegalArgumentException for a key of fewer than 32 bytes
   */
  public static ConsistencyTokens signedWith(byte[] key) {
    if (key.length < MIN_KEY_BYTES) {
      throw new IllegalArgumentException("a consistency token key must hold at least " + MIN_KEY_BYTES + " bytes");
    }
    return new ConsistencyTokens(key.clone());
  }

  /** {@code TABLECAST_CONSISTENCY_KEY}: base64 of at least 32 bytes, the same for every producer and the views; unsigned when unset. */
  public static ConsistencyTokens fromEnv(Env env) {
    return env.optional(VARIABLE).map(text -> {
      try {
        return signedWith(Base64.getDecoder().decode(text.strip()));
      } catch (IllegalArgumentException e) {
        throw new ConfigException(VARIABLE + " must be base64 of at least " + MIN_KEY_BYTES + " bytes, for example the output of "
            + "'openssl rand -base64 32'");
      }
    }).orElse(UNSIGNED);
  }

  public boolean signed() {
    return key != null;
  }

  /** The token as it travels: signed when a key is set. */
  public String write(ConsistencyToken token) {
    String text = token.encode();
    return key == null ? text : text + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signature(text));
  }

  /**
   * The token {@code text} names, if it is one: with a key, only a token signed with it; without,
   * any token, its signature (if it has one) unchecked. Never an exception.
   */
  public Optional<ConsistencyToken> read(String text) {
    if (text == null) {
      return Optional.empty();
    }
    int dot = text.lastIndexOf('.');
    boolean hasSignature = dot > text.indexOf('.');
    String token = hasSignature ? text.substring(0, dot) : text;
    if (key != null && !(hasSignature && matches(token, text.substring(dot + 1)))) {
      return Optional.empty();
    }
    return ConsistencyToken.parse(token);
  }

  private boolean matches(String token, String signature) {
    try {
      byte[] given = Base64.getUrlDecoder().decode(signature);
      return MessageDigest.isEqual(given, signature(token))
          && Base64.getUrlEncoder().withoutPadding().encodeToString(given).equals(signature); // only the canonical spelling
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private byte[] signature(String token) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return Arrays.copyOf(mac.doFinal(token.getBytes(StandardCharsets.UTF_8)), SIGNATURE_BYTES);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }

  @Override
  public String toString() {
    return key == null ? "ConsistencyTokens[unsigned]" : "ConsistencyTokens[signed, key hidden]";
  }
}
