package io.tablecast.devmode;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Where a start's time went, from the moment {@code ./tablecast} was run: the build (when the
 * sources had changed since the last one), the JVM's own start, then each step of dev mode's.
 *
 * <p>{@code ./tablecast} passes when it was run and how long its build took as the system property
 * {@value #LAUNCH_PROPERTY} ({@code <epoch millis>:<build millis>}); without it (the jar run
 * directly), the start is counted from the JVM's. A start should take at most {@link #WITHOUT_BUILD}
 * without a build and {@link #WITH_BUILD} with one; one that takes longer says where the time went.
 */
final class StartTimes {

  static final String LAUNCH_PROPERTY = "tablecast.launch";
  static final Duration WITHOUT_BUILD = Duration.ofSeconds(10);
  static final Duration WITH_BUILD = Duration.ofSeconds(60);

  private final long launchedMillis;
  private final Duration build;
  private final Map<String, Duration> steps = new LinkedHashMap<>();

  private StartTimes(long launchedMillis, Duration build) {
    this.launchedMillis = launchedMillis;
    this.build = build;
  }

  /** The start of this JVM, launched as {@link #LAUNCH_PROPERTY} says, if it says. */
  static StartTimes ofThisJvm() {
    long jvmStarted = ManagementFactory.getRuntimeMXBean().getStartTime();
    StartTimes times = parse(System.getProperty(LAUNCH_PROPERTY), jvmStarted)
        .orElseGet(() -> new StartTimes(jvmStarted, Duration.ZERO));
    times.steps.put("build", times.build);
    // The JVM's own start, up to here, with what ./tablecast did besides the build.
    long sinceLaunch = System.currentTimeMillis() - times.launchedMillis;
    times.steps.put("JVM", Duration.ofMillis(Math.max(0, sinceLaunch - times.build.toMillis())));
    return times;
  }

  static Optional<StartTimes> parse(String launch, long jvmStartedMillis) {
    if (launch == null) {
      return Optional.empty();
    }
    String[] parts = launch.split(":");
    try {
      long launched = Long.parseLong(parts[0].strip());
      long build = parts.length > 1 ? Long.parseLong(parts[1].strip()) : 0;
      if (parts.length > 2 || launched > jvmStartedMillis || build < 0) {
        return Optional.empty();
      }
      return Optional.of(new StartTimes(launched, Duration.ofMillis(build)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** Runs {@code step}, counting its time under {@code name}. */
  <T> T time(String name, Supplier<T> step) {
    long started = System.nanoTime();
    try {
      return step.get();
    } finally {
      steps.merge(name, Duration.ofNanos(System.nanoTime() - started), Duration::plus);
    }
  }

  /** From the launch until now. */
  Duration total() {
    return Duration.ofMillis(Math.max(0, System.currentTimeMillis() - launchedMillis));
  }

  boolean built() {
    return !build.isZero();
  }

  /** What a start of this kind should take at most. */
  Duration target() {
    return built() ? WITH_BUILD : WITHOUT_BUILD;
  }

  /** A line on where the time went, if {@code total} was over the {@link #target()}. */
  Optional<String> slowStart(Duration total) {
    if (total.compareTo(target()) <= 0) {
      return Optional.empty();
    }
    Duration counted = steps.values().stream().reduce(Duration.ZERO, Duration::plus);
    Map<String, Duration> all = new LinkedHashMap<>(steps);
    all.put("other", total.minus(counted).isNegative() ? Duration.ZERO : total.minus(counted));
    String where = all.entrySet().stream().map(e -> e.getKey() + " " + seconds(e.getValue())).collect(Collectors.joining(", "));
    return Optional.of("The start took " + seconds(total) + ", more than the " + target().toSeconds() + " s it should take "
        + (built() ? "with" : "without") + " a build: " + where + ".");
  }

  static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
  }
}
