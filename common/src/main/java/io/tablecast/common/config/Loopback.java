package io.tablecast.common.config;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** The names of this machine, on which plain connections are allowed without asking. */
final class Loopback {

  /** As a URL or a bootstrap address names them; {@code ::1} also bare. */
  private static final List<String> NAMES = List.of("localhost", "127.0.0.1", "[::1]");
  private static final Set<String> HOSTS = Stream.concat(NAMES.stream(), Stream.of("::1")).collect(Collectors.toUnmodifiableSet());

  private Loopback() {}

  static boolean host(String host) {
    return host != null && HOSTS.contains(host.toLowerCase(Locale.ROOT));
  }

  /** {@code localhost, 127.0.0.1, [::1]}, for errors. */
  static String names() {
    return String.join(", ", NAMES);
  }
}
