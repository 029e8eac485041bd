package io.tablecast.projector;

import static io.tablecast.testkit.HrEvents.archived;
import static io.tablecast.testkit.HrEvents.changed;
import static io.tablecast.testkit.HrEvents.departmentCreated;
import static io.tablecast.testkit.HrEvents.hired;
import static io.tablecast.testkit.HrEvents.managerAssigned;
import static io.tablecast.testkit.HrEvents.transferred;

import io.tablecast.common.config.WorkerSettings;
import io.tablecast.events.DomainEvent;
import io.tablecast.projector.fixtures.ModelCheck;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.RequestOrigins;
import io.tablecast.testkit.StorageProbe;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The storage requests each command kind costs the whole pipeline (the projector and its queue
 * workers, as dev mode runs them), against the budget of docs/requests.md. Counts, not times: the
 * same on any machine.
 *
 * <p>Each kind is measured twice: at low load, {@value #LOW} commands one at a time, each waited
 * for until the views and the queues are quiescent; and at high load, a burst of {@value #HIGH}
 * commands over {@value #BURST_DEPARTMENTS} departments, waited for as one. A {@link StorageProbe}
 * in the projector's pipeline (its workers share its clients) sees every request, retries
 * included. What a pipeline spends while it waits (receives that find no message, the
 * projector's heartbeat, telemetry rows) is counted apart, per second, not per command.
 */
@LongRun
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class RequestBudgetIT {

  private static final int LOW = 5;
  private static final int HIGH = 50;
  private static final int BURST_DEPARTMENTS = 5;
  private static final int DEPARTMENTS = 10;
  private static final List<String> LAST_NAMES = List.of("Lee", "Kim", "Ortiz", "Novak", "Okafor");
  private static final Duration SETTLE = Duration.ofMinutes(3);

  /** The command kinds of SPEC §2, in the order measured. */
  enum Kind { CREATE_DEPARTMENT, HIRE, CHANGE_DETAILS, TRANSFER, ASSIGN_MANAGER, ARCHIVE }

  /**
   * What the test asserts per command, at low and at high load: the ceilings of docs/requests.md
   * ("asserted"). Where a kind is within its budget (the floor × {@value #TOLERANCE}), the ceiling
   * is that budget; where it is not yet, or within it by less than a burst's count varies (about
   * ±0.5 at high load), the ceiling is today's count with a margin of about 10 %, and the doc says so.
   */
  record Ceiling(double low, double high) {}

  /** How far above its floor a kind may be and still count as within its budget. */
  static final double TOLERANCE = 1.2;

  private static final Map<Kind, Ceiling> CEILINGS = new EnumMap<>(Map.of(
      Kind.CREATE_DEPARTMENT, new Ceiling(2.4, 1.22),
      Kind.HIRE, new Ceiling(13.2, 5.26),
      Kind.CHANGE_DETAILS, new Ceiling(19.2, 8.86),
      Kind.TRANSFER, new Ceiling(22.8, 11.62),
      Kind.ASSIGN_MANAGER, new Ceiling(10.8, 5.14),
      Kind.ARCHIVE, new Ceiling(21.6, 11.5)));

  /** Requests per command: all of them, the projector's, the workers', and the idle ones apart. */
  record Count(double total, double projector, double workers, double idlePerSecond, Map<String, Long> byLabel) {}

  @Test
  void everyCommandKindStaysWithinItsStorageRequestCeilingAtLowAndHighLoad(Projection projection) {
    StorageProbe probe = new StorageProbe();
    projection.start(projection.config().withWorkers(WorkerSettings.DEFAULT), List.of(probe));
    History history = new History();
    List<DomainEvent> setup = new ArrayList<>();
    for (int d = 0; d < DEPARTMENTS; d++) {
      setup.add(history.department("Dept" + d));
    }
    for (int id = 1; id <= 4 * (LOW + HIGH); id++) { // the pool: employees for the four kinds that act on one
      setup.add(history.hire(id, "Dept" + (id % BURST_DEPARTMENTS), LAST_NAMES.get(id % LAST_NAMES.size())));
    }
    write(projection, setup);

    Map<Kind, Count[]> counts = new EnumMap<>(Kind.class);
    int pool = 0; // each kind that acts on employees takes the next LOW + HIGH of them
    for (Kind kind : Kind.values()) {
      probe.drain();
      int first = pool + 1;
      Count low = measure(projection, probe, LOW, i -> command(kind, history, first + i, i), true);
      Count high = measure(projection, probe, HIGH, i -> command(kind, history, first + LOW + i, LOW + i), false);
      if (kind != Kind.CREATE_DEPARTMENT && kind != Kind.HIRE) {
        pool += LOW + HIGH;
      }
      counts.put(kind, new Count[] {low, high});
    }

    print(counts);
    SoftAssertions soft = new SoftAssertions();
    counts.forEach((kind, c) -> {
      Ceiling ceiling = CEILINGS.get(kind);
      soft.assertThat(c[0].total()).as("%s, low load: requests per command (%s)", kind, c[0].byLabel()).isPositive()
          .isLessThanOrEqualTo(ceiling.low());
      soft.assertThat(c[1].total()).as("%s, high load: requests per command (%s)", kind, c[1].byLabel()).isPositive()
          .isLessThanOrEqualTo(ceiling.high());
    });
    soft.assertAll();
    ModelCheck.assertNothingParked(projection, "after every kind");
  }

  /** The {@code n}th command of a kind, on a pooled employee (or a new department or hire). */
  private static DomainEvent command(Kind kind, History history, int employee, int n) {
    String dept = "Dept" + (n % BURST_DEPARTMENTS);
    return switch (kind) {
      case CREATE_DEPARTMENT -> history.department("New" + n);
      case HIRE -> history.hire(10_000 + n, dept, LAST_NAMES.get(n % LAST_NAMES.size()));
      case CHANGE_DETAILS -> history.rename(employee);
      case TRANSFER -> history.transfer(employee);
      case ASSIGN_MANAGER -> history.assign("Dept" + (n % DEPARTMENTS), employee);
      case ARCHIVE -> history.archive(employee);
    };
  }

  /**
   * Sends {@code n} commands, one at a time with quiescence after each ({@code oneByOne}), or all
   * at once, then waits for quiescence and counts the requests per command.
   */
  private static Count measure(Projection projection, StorageProbe probe, int n, IntFunction<DomainEvent> commands, boolean oneByOne) {
    long start = System.nanoTime();
    List<DomainEvent> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      if (oneByOne) {
        write(projection, List.of(commands.apply(i)));
      } else {
        all.add(commands.apply(i));
      }
    }
    if (!oneByOne) {
      write(projection, all);
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    StorageProbe.Window window = probe.drain();
    long total = 0;
    long idle = 0;
    Map<RequestOrigins.Group, Long> byGroup = new EnumMap<>(RequestOrigins.Group.class);
    Map<String, Long> byLabel = new TreeMap<>();
    for (StorageProbe.Sample s : window.samples()) {
      if (StorageProbe.idle(s.label())) {
        idle++;
        continue;
      }
      total++;
      byGroup.merge(RequestOrigins.group(s.origin()), 1L, Long::sum);
      byLabel.merge(RequestOrigins.group(s.origin()).name().toLowerCase(Locale.ROOT) + " " + s.label(), 1L, Long::sum);
    }
    return new Count((double) total / n, (double) byGroup.getOrDefault(RequestOrigins.Group.PROJECTOR, 0L) / n,
        (double) byGroup.getOrDefault(RequestOrigins.Group.WORKERS, 0L) / n, idle / seconds, byLabel);
  }

  private static void write(Projection projection, List<DomainEvent> events) {
    projection.write(events);
    projection.awaitCaughtUp(SETTLE);
    ModelCheck.awaitWorkDone(projection, SETTLE);
  }

  private static void print(Map<Kind, Count[]> counts) {
    StringBuilder out = new StringBuilder("\n| kind | low load: total (projector + workers) | high load: total (projector + workers)"
        + " | idle requests/s |\n"
        + "|---|---:|---:|---:|\n");
    counts.forEach((kind, c) -> out.append(String.format(Locale.ROOT, "| %s | %.2f (%.2f + %.2f) | %.2f (%.2f + %.2f) | %.1f / %.1f |%n",
        kind.name().toLowerCase(Locale.ROOT).replace('_', ' '), c[0].total(), c[0].projector(), c[0].workers(),
        c[1].total(), c[1].projector(), c[1].workers(), c[0].idlePerSecond(), c[1].idlePerSecond())));
    counts.forEach((kind, c) -> out.append(String.format(Locale.ROOT, "%n%s per command, low load: %s%n%s per command, high load: %s%n",
        kind, perCommand(c[0].byLabel(), LOW), kind, perCommand(c[1].byLabel(), HIGH))));
    System.out.println(out);
  }

  private static Map<String, String> perCommand(Map<String, Long> byLabel, int n) {
    Map<String, String> out = new TreeMap<>();
    byLabel.forEach((label, count) -> out.put(label, String.format(Locale.ROOT, "%.2f", (double) count / n)));
    return out;
  }

  /** The log so far: each aggregate's version, each employee's department, for the next event. */
  private static final class History {
    private final Map<String, Long> versions = new HashMap<>();
    private final Map<Integer, String> departments = new HashMap<>();
    private final Map<Integer, String> lastNames = new HashMap<>();

    DomainEvent department(String id) {
      versions.put(id, 1L);
      return departmentCreated(id, id);
    }

    DomainEvent hire(int id, String dept, String lastName) {
      versions.put(key(id), 1L);
      departments.put(id, dept);
      lastNames.put(id, lastName);
      return hired(id, dept, "E" + id, lastName, email(id));
    }

    /** A new last name and age, as the commands benchmark's PATCH. */
    DomainEvent rename(int id) {
      String lastName = LAST_NAMES.get((LAST_NAMES.indexOf(lastNames.get(id)) + 1) % LAST_NAMES.size());
      lastNames.put(id, lastName);
      return changed(id, nextVersion(key(id)), departments.get(id), "E" + id, lastName, email(id), 31);
    }

    DomainEvent transfer(int id) {
      String from = departments.get(id);
      String to = "Dept" + ((Integer.parseInt(from.substring(4)) + 1) % DEPARTMENTS);
      departments.put(id, to);
      return transferred(id, nextVersion(key(id)), from, to);
    }

    DomainEvent assign(String dept, int manager) {
      return managerAssigned(dept, nextVersion(dept), manager, "E" + manager, lastNames.get(manager), email(manager));
    }

    DomainEvent archive(int id) {
      return archived(id, nextVersion(key(id)), departments.get(id), "left");
    }

    private long nextVersion(String aggregate) {
      return versions.merge(aggregate, 1L, Long::sum);
    }

    private static String key(int id) {
      return "employee-" + id;
    }

    private static String email(int id) {
      return "e" + id + "@x.io";
    }
  }
}
