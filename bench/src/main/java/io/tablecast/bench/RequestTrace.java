package io.tablecast.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP requests that Azurite receives, counted by kind, from {@code strace} on its {@code node}
 * process: every {@code read} that starts with a request line. Tracing slows the process traced,
 * so it runs apart from any CPU measurement; without {@code strace}, or without the right to trace,
 * there is no count.
 */
final class RequestTrace {

  /** {@code read(23, "GET /devstoreaccount1/ViewCatalog(PartitionKey='catalog',RowKey='hr') HTTP/1.1\r\n…}. */
  private static final Pattern REQUEST = Pattern.compile("read\\(\\d+, \"(GET|HEAD|POST|PUT|MERGE|PATCH|DELETE) ([^ ?\"]+)");

  private RequestTrace() {}

  /**
   * Traces {@code pid} for {@code duration}.
   *
   * @return requests by kind ({@code GET ViewCatalog(…)}, {@code GET archive-employee-g1/messages}),
   *     empty when the process could not be traced
   */
  static Optional<Map<String, Integer>> count(long pid, Duration duration, Path scratch) throws InterruptedException {
    Path out = scratch.resolve("azurite-" + pid + ".strace");
    try {
      Process strace = new ProcessBuilder("strace", "-f", "-qq", "-s", "160", "-e", "trace=read", "-o", out.toString(), "-p",
          String.valueOf(pid)).redirectErrorStream(true).redirectOutput(scratch.resolve("strace.log").toFile()).start();
      if (strace.waitFor(duration.toMillis(), TimeUnit.MILLISECONDS)) {
        return Optional.empty(); // it could not attach
      }
      strace.destroy(); // SIGTERM: strace detaches and flushes
      strace.waitFor(10, TimeUnit.SECONDS);
      Map<String, Integer> kinds = new TreeMap<>();
      for (String line : Files.readAllLines(out)) {
        Matcher request = REQUEST.matcher(line);
        if (request.find()) {
          kinds.merge(request.group(1) + " " + kind(request.group(2)), 1, Integer::sum);
        }
      }
      return Optional.of(kinds);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** A path without the account and the keys of an entity: {@code /devstoreaccount1/T(PartitionKey='a',RowKey='b')} → {@code T(…)}. */
  static String kind(String path) {
    return path.replaceFirst("^/devstoreaccount1/?", "").replaceAll("\\(.+\\)", "(…)");
  }
}
