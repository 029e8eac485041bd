package io.tablecast.common.config;

/**
 * Where an HTTP service listens.
 *
 * @param host {@code TABLECAST_HTTP_HOST}, default {@code 127.0.0.1}; containers set {@code 0.0.0.0}
 * @param port the service's own variable, for example {@code TABLECAST_COMMANDS_PORT}
 */
public record HttpSettings(String host, int port) {

  public static HttpSettings fromEnv(Env env, String portVariable, int defaultPort) {
    return new HttpSettings(
        env.string("TABLECAST_HTTP_HOST", "127.0.0.1"), env.integer(portVariable, defaultPort, 0, 65535));
  }
}
