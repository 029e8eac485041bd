package io.tablecast.projector;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;

/**
 * Configuration of the projector deployable, read once in {@code main}. The storage credentials
 * need add, update and delete permissions on tables and queues (SPEC §7).
 *
 * @param http where {@code /health} and {@code /metrics} listen ({@code TABLECAST_PROJECTOR_PORT},
 *     default 8083)
 */
public record ProjectorConfig(Namespace namespace, KafkaSettings kafka, StorageSettings storage, HttpSettings http) {

  public static final int DEFAULT_PORT = 8083;

  public static ProjectorConfig fromEnv(Env env) {
    return new ProjectorConfig(
        env.namespace(),
        KafkaSettings.fromEnv(env),
        StorageSettings.fromEnv(env),
        HttpSettings.fromEnv(env, "TABLECAST_PROJECTOR_PORT", DEFAULT_PORT));
  }
}
