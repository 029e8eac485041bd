package io.tablecast.common.config;

import java.util.Locale;
import java.util.Set;

/** The names of this machine, on which plain connections are allowed without asking. */
final class Loopback {

  private static final Set<String> HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

  private Loopback() {}

  static boolean host(String host) {
    return host != null && HOSTS.contains(host.toLowerCase(Locale.ROOT));
  }

  /** {@code localhost, 127.0.0.1, [::1]}, for errors. */
  static String names() {
    return "localhost, 127.0.0.1, [::1]";
  }
}
