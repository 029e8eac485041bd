package io.tablecast.bench;

import io.tablecast.commands.CommandsConfig;
import io.tablecast.projector.ProjectorConfig;
import io.tablecast.views.ViewsConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./tablecast dev} of a Tablecast checkout, started as a user starts it, as a child process
 * on its own port offset and data directory; its output goes to a log file. The script builds dev
 * mode first when its sources are newer than the jar, then {@code exec}s the JVM, so the child's pid
 * is the dev-mode JVM's, and Azurite's {@code node} is a child of that JVM.
 *
 * <p>{@link #close} stops it as a service manager would, with SIGTERM (a background job ignores
 * SIGINT), waits up to a minute, then kills what is left of the tree.
 */
final class DevModeChild implements AutoCloseable {

  private static final Duration STOP_WAIT = Duration.ofSeconds(60);

  private final Process process;
  private final int portOffset;
  private final Path log;

  private DevModeChild(Process process, int portOffset, Path log) {
    this.process = process;
    this.portOffset = portOffset;
    this.log = log;
  }

  /**
   * @param home the checkout whose {@code tablecast} script runs
   * @param dataDir dev mode's {@code --data-dir}
   */
  static DevModeChild start(Path home, int portOffset, Path dataDir, Path log) throws IOException {
    Process process = new ProcessBuilder("sh", home.resolve("tablecast").toString(), "dev", "--port-offset", String.valueOf(portOffset),
        "--data-dir", dataDir.toString())
        .directory(home.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
    return new DevModeChild(process, portOffset, log);
  }

  long pid() {
    return process.pid();
  }

  /** Azurite: the {@code node} process under the dev-mode JVM. */
  Optional<ProcessHandle> azurite() {
    return process.descendants().filter(p -> p.info().command().map(c -> c.endsWith("node")).orElse(false)).findFirst();
  }

  /**
   * Waits until the commands, views and projector services all answer {@code GET /health} with
   * 200: everything has started (the views start last).
   *
   * @return the seconds from now until then
   */
  double awaitServing(Duration timeout) throws InterruptedException {
    long start = System.nanoTime();
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    List<Integer> ports = List.of(CommandsConfig.DEFAULT_PORT, ViewsConfig.DEFAULT_PORT, ProjectorConfig.DEFAULT_PORT);
    while (!ports.stream().allMatch(port -> healthy(http, port + portOffset))) {
      if (!process.isAlive()) {
        throw new IllegalStateException("Dev mode exited with " + process.exitValue() + "; the end of its log:\n" + tail());
      }
      if (System.nanoTime() - start > timeout.toNanos()) {
        throw new IllegalStateException("Dev mode does not serve after " + timeout.toSeconds() + " s; the end of its log:\n" + tail());
      }
      Thread.sleep(500);
    }
    return (System.nanoTime() - start) / 1e9;
  }

  private static boolean healthy(HttpClient http, int port) {
    try {
      HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health")).timeout(Duration.ofSeconds(5)).build();
      return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  String tail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  /**
   * Waits until {@code ./tablecast} has built what it had to and {@code exec}ed the JVM (the child's
   * command is then {@code java}).
   *
   * @return the seconds from now until then
   */
  double awaitJvm(Duration timeout) throws InterruptedException {
    long start = System.nanoTime();
    while (!process.info().command().map(c -> c.endsWith("java")).orElse(false)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("./tablecast exited with " + process.exitValue() + "; the end of its log:\n" + tail());
      }
      if (System.nanoTime() - start > timeout.toNanos()) {
        throw new IllegalStateException("./tablecast has not started the JVM after " + timeout.toSeconds() + " s");
      }
      Thread.sleep(50);
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** How a stop went: its seconds, dev mode's exit code, whether it recorded the run as stopped cleanly. */
  record Stop(double seconds, int exitCode, boolean clean) {}

  /**
   * Stops dev mode as a service manager would, with SIGTERM (a background job ignores SIGINT, which
   * dev mode treats alike), and waits up to a minute, then kills what is left of its tree.
   */
  Stop stop() throws InterruptedException {
    List<ProcessHandle> tree = process.descendants().toList();
    long start = System.nanoTime();
    process.destroy();
    if (!process.waitFor(STOP_WAIT.toSeconds(), TimeUnit.SECONDS)) {
      System.err.println("Dev mode did not stop within " + STOP_WAIT.toSeconds() + " s of SIGTERM; killing it");
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    return new Stop(seconds, process.isAlive() ? -1 : process.exitValue(), logContains("Tablecast stopped cleanly"));
  }

  private boolean logContains(String text) {
    try {
      return Files.readString(log).contains(text);
    } catch (IOException e) {
      return false;
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      stop();
    }
  }
}
