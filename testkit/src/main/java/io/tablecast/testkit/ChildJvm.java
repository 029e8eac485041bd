package io.tablecast.testkit;

import io.tablecast.embedded.Azurite;
import io.tablecast.embedded.AzuriteInstall;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A main class run in a child JVM, on this JVM's class path, the way a user runs it from a
 * terminal: for tests of process lifecycles (Ctrl-C, SIGTERM, SIGKILL, restarts).
 *
 * <p>A process started from a non-interactive shell in the background ignores SIGINT, and a JVM
 * keeps that inherited disposition, so Ctrl-C could not be simulated. When this JVM ignores
 * SIGINT, the child is started through {@code node}, whose libuv resets every signal to its
 * default in the processes it spawns. Either way, {@link #jvm()} is the child JVM itself.
 *
 * <p>{@link #fromTerminal} runs a command instead, such as {@code ./tablecast dev}, as a terminal's
 * foreground job: in a process group of its own, which {@link #signalGroup} signals as a
 * terminal's Ctrl-C does.
 *
 * <p>{@link #close()} kills whatever is left, the JVM and everything it started.
 */
public final class ChildJvm implements AutoCloseable {

  private static final String DEFAULT_SIGNALS_LAUNCHER =
      "const c=require('child_process').spawn(process.argv[1],process.argv.slice(2),{stdio:'inherit'});"
          + "process.on('SIGTERM',()=>{});process.on('SIGINT',()=>{});"
          + "c.on('exit',(code,signal)=>process.exit(code===null?128:code));";
  /** As {@link #DEFAULT_SIGNALS_LAUNCHER}, the child in a session and process group of its own. */
  private static final String TERMINAL_LAUNCHER = DEFAULT_SIGNALS_LAUNCHER.replace("{stdio:'inherit'}",
      "{stdio:'inherit',detached:true}");

  private final Process process;
  private final ProcessHandle jvm;
  private final Path output;
  private final List<ProcessHandle> seen = new ArrayList<>();

  private ChildJvm(Process process, ProcessHandle jvm, Path output) {
    this.process = process;
    this.jvm = jvm;
    this.output = output;
    seen.add(process.toHandle());
    seen.add(jvm);
  }

  /** Starts {@code mainClass} with {@code args}; stdout and stderr go to {@code output}. */
  public static ChildJvm start(Path output, Class<?> mainClass, String... args) {
    return start(output, java.util.Map.of(), mainClass, args);
  }

  /**
   * Like {@link #start(Path, Class, String...)}, with extra environment variables; a {@code null}
   * value removes that variable from what the child inherits.
   */
  public static ChildJvm start(Path output, java.util.Map<String, String> env, Class<?> mainClass, String... args) {
    return start(output, List.of(), env, mainClass, args);
  }

  /**
   * Like {@link #start(Path, java.util.Map, Class, String...)}, with extra options for the JVM
   * ({@code -Dkey=value}, such as a trust store), after this launcher's own.
   */
  public static ChildJvm start(Path output, List<String> jvmOptions, java.util.Map<String, String> env, Class<?> mainClass,
      String... args) {
    List<String> command = new ArrayList<>();
    boolean throughNode = ignoresSigint(ProcessHandle.current().pid());
    if (throughNode) {
      command.addAll(List.of(Azurite.node(), "-e", DEFAULT_SIGNALS_LAUNCHER));
    }
    // The test class path reaches each deployable's jar and, through its manifest, its lib/ too: logback
    // then finds its logback.xml more than once and would print its own status; a user's JVM sees one.
    // C1 only, as the test JVMs: a child lives seconds to minutes, and C2's compile threads would take
    // the CPU that its start, the test and the other test JVMs wait for.
    command.addAll(List.of(ProcessHandle.current().info().command().orElseThrow(), "-Xmx512m", "-XX:TieredStopAtLevel=1",
        "-Dlogback.statusListenerClass=ch.qos.logback.core.status.NopStatusListener",
        "-cp", System.getProperty("java.class.path")));
    Optional.ofNullable(System.getProperty(AzuriteInstall.HOME_PROPERTY))
        .ifPresent(home -> command.add("-D" + AzuriteInstall.HOME_PROPERTY + "=" + home));
    command.addAll(jvmOptions);
    command.add(mainClass.getName());
    command.addAll(List.of(args));
    return launch(output, env, Optional.empty(), command, throughNode);
  }

  /**
   * Runs {@code command} in {@code workingDir} as a user runs it from a terminal: as the leader of
   * a process group of its own (a terminal's foreground job), with every signal at its default, and
   * with extra environment variables as in {@link #start(Path, java.util.Map, Class, String...)}.
   * The command must end by exec'ing a JVM (as {@code ./tablecast} does), which {@link #jvm()} then
   * is; {@link #signalGroup} signals the group as a terminal's Ctrl-C does.
   */
  public static ChildJvm fromTerminal(Path output, java.util.Map<String, String> env, Path workingDir, List<String> command) {
    List<String> launched = new ArrayList<>(List.of(Azurite.node(), "-e", TERMINAL_LAUNCHER));
    launched.addAll(command);
    return launch(output, env, Optional.of(workingDir), launched, true);
  }

  private static ChildJvm launch(Path output, java.util.Map<String, String> env, Optional<Path> workingDir, List<String> command,
      boolean throughNode) {
    try {
      Files.createDirectories(output.toAbsolutePath().getParent());
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
      workingDir.ifPresent(dir -> builder.directory(dir.toFile()));
      // A null value removes a variable this JVM would pass on: some libraries take an empty one for set.
      env.forEach((name, value) -> {
        if (value == null) {
          builder.environment().remove(name);
        } else {
          builder.environment().put(name, value);
        }
      });
      Process process = builder.start();
      return new ChildJvm(process, throughNode ? jvmStartedBy(process) : process.toHandle(), output);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not start " + String.join(" ", command), e);
    }
  }

  private static ProcessHandle jvmStartedBy(Process launcher) {
    Instant deadline = Instant.now().plusSeconds(10);
    while (Instant.now().isBefore(deadline)) {
      Optional<ProcessHandle> child = launcher.children().findFirst();
      if (child.isPresent()) {
        return child.get();
      }
      pause(Duration.ofMillis(20));
    }
    throw new IllegalStateException("The node launcher started no JVM");
  }

  public ProcessHandle jvm() {
    return jvm;
  }

  public List<String> output() {
    try {
      return Files.readAllLines(output);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Waits for the first output line that {@code matches}; fails at once if the JVM exits first.
   */
  public String awaitLine(Predicate<String> matches, Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    while (true) {
      Optional<String> line = output().stream().filter(matches).findFirst();
      if (line.isPresent()) {
        return line.get();
      }
      if (!jvm.isAlive()) {
        throw new IllegalStateException("The child JVM exited; its output is in " + output + ":\n" + tail());
      }
      if (Instant.now().isAfter(deadline)) {
        throw new IllegalStateException("No such line within " + timeout + "; output so far in " + output + ":\n" + tail());
      }
      pause(Duration.ofMillis(100));
    }
  }

  /** Every process the JVM has started and that still runs; remembered for {@link #close()}. */
  public List<ProcessHandle> descendants() {
    List<ProcessHandle> descendants = jvm.descendants().toList();
    seen.addAll(descendants);
    return descendants;
  }

  /** Sends {@code signal} ("INT", "TERM", "KILL") to the JVM, as {@code kill -<signal>} does. */
  public void signal(String signal) {
    run("kill", "-" + signal, Long.toString(jvm.pid()));
  }

  private static void run(String... command) {
    try {
      Process kill = new ProcessBuilder(command).inheritIO().start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /**
   * Sends {@code signal} to the JVM's whole process group, as a terminal's Ctrl-C ("INT") does to
   * its foreground job: for a child started {@link #fromTerminal}, which leads its group.
   */
  public void signalGroup(String signal) {
    run("kill", "-" + signal, "--", "-" + jvm.pid());
  }

  /** True once the JVM has exited within {@code timeout}. */
  public boolean awaitExit(Duration timeout) {
    try {
      return jvm.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS) != null;
    } catch (java.util.concurrent.TimeoutException e) {
      return false;
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The exit code, once the child has exited within {@code timeout}, as for a one-shot command. */
  public int awaitExitCode(Duration timeout) {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("Still running after " + timeout + ":\n" + tail());
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for the child to exit", e);
    }
  }

  public static boolean isAlive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  /** The last lines of the output, for failure messages. */
  public String tail() {
    List<String> lines = output();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  @Override
  public void close() {
    if (jvm.isAlive()) {
      descendants();
    }
    seen.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
  }

  /**
   * True if {@code pid} ignores SIGINT (Linux: bit 2 of SigIgn in /proc/pid/status), as background
   * jobs of non-interactive shells do by inheritance.
   */
  static boolean ignoresSigint(long pid) {
    Path status = Path.of("/proc", String.valueOf(pid), "status");
    if (!Files.isReadable(status)) {
      return false;
    }
    try {
      return Files.readAllLines(status).stream()
          .filter(line -> line.startsWith("SigIgn:"))
          .map(line -> Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16))
          .anyMatch(mask -> (mask & (1L << (2 - 1))) != 0);
    } catch (IOException e) {
      return false;
    }
  }

  private static void pause(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
