package io.tablecast.views;

import io.tablecast.common.config.Env;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;

/**
 * Configuration of the views deployable, read once in {@code main}. In production its storage
 * credentials are a read-only SAS (SPEC §7).
 */
public record ViewsConfig(Namespace namespace, StorageSettings storage, HttpSettings http) {

  public static final int DEFAULT_PORT = 8082;

  public static ViewsConfig fromEnv(Env env) {
    return new ViewsConfig(
        env.namespace(), StorageSettings.fromEnv(env), HttpSettings.fromEnv(env, "TABLECAST_VIEWS_PORT", DEFAULT_PORT));
  }
}
