package io.tablecast.embedded;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Command-line entry point: {@code RuntimeMain <dataDir>} starts an {@link EmbeddedRuntime} on
 * free ports, prints one line {@code READY <bootstrapServers> <azuritePid>} to standard output,
 * and runs until the JVM is told to stop (Ctrl-C, SIGTERM), when the runtime's shutdown hook stops
 * Kafka and Azurite. Standard output carries only that line (logs go through SLF4J), so a parent
 * process can wait for it; the orphan-protection test does.
 */
public final class RuntimeMain {

  private RuntimeMain() {}

  public static void main(String[] args) throws InterruptedException {
    if (args.length != 1) {
      System.err.println("usage: RuntimeMain <dataDir>");
      System.exit(2);
    }
    EmbeddedRuntime runtime = EmbeddedRuntime.start(RuntimeOptions.freePorts(Path.of(args[0])));
    System.out.println("READY " + runtime.bootstrapServers() + " " + runtime.azurite().pid());
    System.out.flush();
    // Block until the JVM exits; the runtime's own shutdown hook stops everything.
    new CountDownLatch(1).await();
  }
}
