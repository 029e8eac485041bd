package io.tablecast.app;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.operations.rebuild.Rebuild;
import io.tablecast.operations.viewsets.ViewSetRebuild;
import io.tablecast.projection.ProjectedViewSet;
import io.tablecast.projector.ProjectorConfig;
import java.io.File;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tablecast rebuild}: a new generation of the views from the whole log, beside the live one,
 * then the flip (SPEC §6). Blocks until the flip with a progress bar, unless {@code --detach}.
 * Ctrl-C stops it; run it again to resume.
 */
@Command(
    name = "rebuild",
    mixinStandardHelpOptions = true,
    description = {
        "Projects the whole event log into a new generation of the views while the live one keeps serving.",
        "Flips ViewCatalog to the new generation once it has caught up and its queues are drained, and deletes the old "
            + "generation after a grace period. Resumes a rebuild that was stopped. Configured from the environment."})
final class RebuildCommand implements Callable<Integer> {

  static final int STOPPED = 130;
  static final int ABORTED = 3;

  @Option(names = "--dry-run", description = "Build the new generation, then stop before the flip; it stays pending.")
  boolean dryRun;

  @Option(names = "--detach", description = "Run in the background; progress goes to --log.")
  boolean detach;

  @Option(names = "--log", defaultValue = "tablecast-rebuild.log", description = "Where a detached rebuild writes its progress (default: ${DEFAULT-VALUE}).")
  Path logFile;

  @Option(names = "--grace", defaultValue = "60s", converter = DurationConverter.class,
      description = "How long the old generation outlives the flip, for readers still on it (default: ${DEFAULT-VALUE}).")
  Duration grace;

  @Mixin
  ViewSetOption viewSet;

  @Override
  public Integer call() throws Exception {
    if (detach) {
      return detached();
    }
    if (!viewSet.isHr()) {
      return rebuildOther();
    }
    ProjectorConfig config = ProjectorConfig.fromEnv(Env.system());
    Rebuild rebuild = new Rebuild(config, new AzureClients(config.storage()), new SimpleMeterRegistry(), Clock.systemUTC());
    CountDownLatch done = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      rebuild.stop();
      awaitQuietly(done);
    }, "rebuild-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try (ProgressBar progress = new ProgressBar(System.out)) {
      Rebuild.Outcome outcome = rebuild.run(new Rebuild.Options(dryRun, grace, Duration.ofSeconds(1)), progress);
      return switch (outcome) {
        case FLIPPED, BUILT -> 0;
        case STOPPED -> STOPPED;
        case ABORTED -> ABORTED;
      };
    } finally {
      done.countDown();
    }
  }

  /**
   * A team's view set ({@code ViewSetProvider}): folded from the log, loaded and flipped (not with
   * {@code --dry-run}); its old generation dropped once the live projector has moved.
   */
  private int rebuildOther() {
    Env env = Env.system();
    ProjectedViewSet<?> views = viewSet.projected(env);
    ViewSetRebuild.Outcome outcome = new ViewSetRebuild<>(KafkaSettings.fromEnv(env), new AzureClients(StorageSettings.fromEnv(env)),
        env.namespace(), views, System.out::println, ViewSetRebuild.MOVE_PATIENCE, Clock.systemUTC()).run(dryRun);
    return switch (outcome.ending()) {
      case FLIPPED -> {
        System.out.println("View set " + viewSet.name + " is served from generation " + outcome.generation().number() + ".");
        yield 0;
      }
      case BUILT -> 0;
      case ABORTED -> ABORTED;
    };
  }

  /** Starts this command again in a JVM of its own, without {@code --detach}, writing to {@code --log}. */
  private int detached() throws Exception {
    List<String> command = new ArrayList<>(List.of(
        ProcessHandle.current().info().command().orElse("java"), "-cp", System.getProperty("java.class.path"),
        TablecastCli.class.getName(), "rebuild", "--grace", grace.toMillis() + "ms", "--view-set", viewSet.name));
    if (dryRun) {
      command.add("--dry-run");
    }
    File log = logFile.toAbsolutePath().toFile();
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    System.out.printf("Rebuild running in the background (pid %d); progress in %s.%n", process.pid(), log);
    String which = viewSet.isHr() ? "" : " --view-set " + viewSet.name;
    System.out.println("Stop it with 'kill " + process.pid() + "' (run 'tablecast rebuild" + which + "' again to resume), or drop it with "
        + "'tablecast abort" + which + "'.");
    return 0;
  }

  private static void awaitQuietly(CountDownLatch done) {
    try {
      done.await(Duration.ofSeconds(30).toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code 500ms}, {@code 60s}, {@code 2m} or ISO-8601. */
  static final class DurationConverter implements picocli.CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      return Env.parseDuration("--grace", value);
    }
  }
}
