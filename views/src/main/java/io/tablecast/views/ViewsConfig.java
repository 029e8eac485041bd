package io.tablecast.views;

import io.tablecast.common.config.AuthSettings;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.config.ViewSetJars;
import io.tablecast.common.kafka.ConsistencyTokens;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;

/**
 * Configuration of the views deployable, read once in {@code main}. In production its storage
 * credentials are read-only (SPEC §7): a read-only SAS, or an Entra ID identity with the Storage
 * Table Data Reader and Storage Queue Data Reader roles.
 *
 * @param kafka where {@code /status} counts the projector's dead letters
 * @param stallTimeout with lag and no progress for this long, {@code /status} reports the projector stalled
 * @param consistencyWait how long a read with {@code X-Consistency-Token} waits for its write
 * @param continuationKey the HMAC key that seals continuation tokens: the same on every instance
 *     behind one address, so that a page's token works on any of them
 * @param auth who may read: bearer tokens granting {@code views.read}, for the API, {@code /status}
 *     and the status page alike; empty (every request accepted) only with {@code TABLECAST_AUTH=off}
 *     ({@link AuthSettings#required})
 * @param viewSets where the teams' view sets are found ({@code TABLECAST_VIEW_SETS_DIR}), for their queues on {@code /status}
 * @param consistencyTokens which {@code X-Consistency-Token}s are taken: with {@code TABLECAST_CONSISTENCY_KEY}, only those
 *     signed with it
 */
public record ViewsConfig(
    Namespace namespace,
    StorageSettings storage,
    KafkaSettings kafka,
    HttpSettings http,
    ContinuationKey continuationKey,
    Duration consistencyWait,
    Duration stallTimeout,
    Optional<AuthSettings> auth,
    ViewSetJars viewSets,
    ConsistencyTokens consistencyTokens) {

  public static final int DEFAULT_PORT = 8082;
  public static final Duration DEFAULT_CONSISTENCY_WAIT = Duration.ofSeconds(5);
  public static final Duration DEFAULT_STALL_TIMEOUT = Duration.ofSeconds(30);

  /** With a key of its own (tokens stay valid for the life of this instance) and the default waits. */
  public static ViewsConfig of(Namespace namespace, StorageSettings storage, KafkaSettings kafka, HttpSettings http) {
    return new ViewsConfig(namespace, storage, kafka, http, ContinuationKey.random(), DEFAULT_CONSISTENCY_WAIT, DEFAULT_STALL_TIMEOUT,
        Optional.empty(), ViewSetJars.NONE, ConsistencyTokens.UNSIGNED);
  }

  public ViewsConfig withConsistencyWait(Duration wait) {
    return new ViewsConfig(namespace, storage, kafka, http, continuationKey, wait, stallTimeout, auth, viewSets, consistencyTokens);
  }

  public ViewsConfig withHttp(HttpSettings settings) {
    return new ViewsConfig(namespace, storage, kafka, settings, continuationKey, consistencyWait, stallTimeout, auth, viewSets,
        consistencyTokens);
  }

  public ViewsConfig withAuth(AuthSettings settings) {
    return new ViewsConfig(namespace, storage, kafka, http, continuationKey, consistencyWait, stallTimeout, Optional.of(settings), viewSets,
        consistencyTokens);
  }

  public ViewsConfig withConsistencyTokens(ConsistencyTokens tokens) {
    return new ViewsConfig(namespace, storage, kafka, http, continuationKey, consistencyWait, stallTimeout, auth, viewSets, tokens);
  }

  /**
   * {@code TABLECAST_VIEWS_TOKEN_KEY}: base64 of at least 32 bytes, the same on every instance
   * behind one address; a random key of this instance's own when absent.
   */
  public static ViewsConfig fromEnv(Env env) {
    ContinuationKey key = env.optional("TABLECAST_VIEWS_TOKEN_KEY").map(ContinuationKey::fromBase64).orElseGet(ContinuationKey::random);
    return new ViewsConfig(env.namespace(), StorageSettings.fromEnv(env), KafkaSettings.fromEnv(env),
        HttpSettings.fromEnv(env, "TABLECAST_VIEWS_PORT", DEFAULT_PORT), key,
        env.duration("TABLECAST_CONSISTENCY_WAIT", DEFAULT_CONSISTENCY_WAIT), env.duration("TABLECAST_STALL_TIMEOUT", DEFAULT_STALL_TIMEOUT),
        AuthSettings.required(env), ViewSetJars.fromEnv(env), ConsistencyTokens.fromEnv(env));
  }

  /** The key's bytes, copied in and out, never printed. */
  public static final class ContinuationKey {
    private final byte[] bytes;

    private ContinuationKey(byte[] bytes) {
      if (bytes.length < 32) {
        throw new IllegalArgumentException("TABLECAST_VIEWS_TOKEN_KEY must hold at least 32 bytes, base64-encoded");
      }
      this.bytes = bytes.clone();
    }

    static ContinuationKey random() {
      byte[] bytes = new byte[32];
      new SecureRandom().nextBytes(bytes);
      return new ContinuationKey(bytes);
    }

    static ContinuationKey fromBase64(String text) {
      try {
        return new ContinuationKey(Base64.getDecoder().decode(text.strip()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("TABLECAST_VIEWS_TOKEN_KEY must be base64 of at least 32 bytes", e);
      }
    }

    public byte[] bytes() {
      return bytes.clone();
    }

    @Override
    public String toString() {
      return "ContinuationKey[hidden]";
    }
  }
}
