package io.tablecast.testkit;

import io.tablecast.events.Actor;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DepartmentId;
import io.tablecast.events.DepartmentManagerAssigned;
import io.tablecast.events.DomainEvent;
import io.tablecast.events.EmployeeArchived;
import io.tablecast.events.EmployeeDetailsChanged;
import io.tablecast.events.EmployeeHired;
import io.tablecast.events.EmployeeId;
import io.tablecast.events.EmployeeTransferred;
import io.tablecast.events.EventMetadata;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;

/**
 * Generates valid HR event histories, as the command processor would record them, from a seed:
 * departments first, then a random mix of hires, detail changes, transfers, archives and manager
 * assignments, with versions 1, 2, 3… per aggregate and addresses never reused. For tests and
 * benchmarks that need many events without going through the commands API.
 *
 * <p>Deterministic: the same seed and mix give the same events, event ids included. The events'
 * actors do not take part in the draw: a history with actors is the same history as one without,
 * apart from who caused each event.
 */
public final class HrHistory {

  /** The shares of each kind of event after the departments, as weights. */
  public record Mix(int hires, int changes, int transfers, int archives, int managers) {
    public static final Mix HIRES_ONLY = new Mix(1, 0, 0, 0, 0);
    /** Mostly hires and changes, some moves: a year in the life of a company. */
    public static final Mix TYPICAL = new Mix(50, 30, 10, 5, 5);
    /** Only what the projector applies within one partition: no transfers, no archives. */
    public static final Mix PARTITION_LOCAL = new Mix(50, 40, 0, 0, 10);

    int total() {
      return hires + changes + transfers + archives + managers;
    }
  }

  private final Random random;
  private final Mix mix;
  private final List<Actor> actors;
  private final List<String> departments = new ArrayList<>();
  private final List<Employee> active = new ArrayList<>();
  private final java.util.Map<String, Long> departmentVersions = new java.util.HashMap<>();
  private Instant clock = Instant.parse("2026-01-01T00:00:00Z");
  private int nextId = 1;
  private int nextEmail = 1;

  private HrHistory(long seed, Mix mix, List<Actor> actors) {
    this.random = new Random(seed);
    this.mix = mix;
    this.actors = List.copyOf(actors);
    if (this.actors.isEmpty()) {
      throw new IllegalArgumentException("'actors' cannot be empty.");
    }
  }

  /** {@code count} events: {@code departments} creations, then the mix; all by the anonymous actor. */
  public static List<DomainEvent> generate(long seed, int departments, int count, Mix mix) {
    return generate(seed, departments, count, mix, List.of(Actor.ANONYMOUS));
  }

  /** The same events as {@link #generate(long, int, int, Mix)}, each by one of {@code actors}. */
  public static List<DomainEvent> generate(long seed, int departments, int count, Mix mix, List<Actor> actors) {
    return new HrHistory(seed, mix, actors).events(departments, count);
  }

  private List<DomainEvent> events(int departmentCount, int count) {
    List<DomainEvent> events = new ArrayList<>();
    for (int d = 1; d <= departmentCount && events.size() < count; d++) {
      String id = "D" + d;
      departments.add(id);
      events.add(new DepartmentCreated(meta(id, bumpDepartment(id)), new DepartmentId(id), "Department " + d));
    }
    while (events.size() < count) {
      events.add(next());
    }
    return events;
  }

  private DomainEvent next() {
    int pick = random.nextInt(mix.total());
    if (active.isEmpty() || pick < mix.hires()) {
      return hire();
    }
    Employee e = active.get(random.nextInt(active.size()));
    pick -= mix.hires();
    if (pick < mix.changes()) {
      return change(e);
    }
    pick -= mix.changes();
    if (pick < mix.transfers()) {
      return departments.size() > 1 ? transfer(e) : change(e);
    }
    pick -= mix.transfers();
    if (pick < mix.archives()) {
      return archive(e);
    }
    String department = departments.get(random.nextInt(departments.size()));
    return new DepartmentManagerAssigned(meta(department, bumpDepartment(department)), new DepartmentId(department),
        e.id, e.firstName, e.lastName, e.email);
  }

  private DomainEvent hire() {
    Employee e = new Employee(new EmployeeId(nextId++), departments.get(random.nextInt(departments.size())),
        "First" + random.nextInt(1000), "Last" + random.nextInt(200), "e" + nextEmail++ + "@example.com", 20 + random.nextInt(40));
    active.add(e);
    return new EmployeeHired(meta(e.id.canonical(), ++e.version), e.id, new DepartmentId(e.department), e.firstName, e.lastName, e.email, e.age);
  }

  private DomainEvent change(Employee e) {
    if (random.nextBoolean()) {
      e.lastName = "Last" + random.nextInt(200);
    } else {
      e.email = "e" + nextEmail++ + "@example.com";
    }
    e.age = 20 + random.nextInt(40);
    return new EmployeeDetailsChanged(meta(e.id.canonical(), ++e.version), e.id, new DepartmentId(e.department),
        e.firstName, e.lastName, e.email, e.age);
  }

  private DomainEvent transfer(Employee e) {
    String to;
    do {
      to = departments.get(random.nextInt(departments.size()));
    } while (to.equals(e.department));
    String from = e.department;
    e.department = to;
    return new EmployeeTransferred(meta(e.id.canonical(), ++e.version), e.id, new DepartmentId(from), new DepartmentId(to));
  }

  private DomainEvent archive(Employee e) {
    active.remove(e);
    return new EmployeeArchived(meta(e.id.canonical(), ++e.version), e.id, new DepartmentId(e.department),
        random.nextBoolean() ? Optional.of("left") : Optional.empty());
  }

  private long bumpDepartment(String id) {
    return departmentVersions.merge(id, 1L, Long::sum);
  }

  private EventMetadata meta(String aggregateId, long version) {
    clock = clock.plusMillis(1 + random.nextInt(5));
    UUID eventId = UUID.nameUUIDFromBytes((aggregateId + "/" + version).getBytes(StandardCharsets.UTF_8));
    Actor actor = actors.get(Math.floorMod(eventId.hashCode(), actors.size()));
    return new EventMetadata(eventId, "history-" + aggregateId + "-" + version, aggregateId, version, clock, actor);
  }

  private static final class Employee {
    final EmployeeId id;
    final String firstName;
    String department;
    String lastName;
    String email;
    int age;
    long version;

    Employee(EmployeeId id, String department, String firstName, String lastName, String email, int age) {
      this.id = id;
      this.department = department;
      this.firstName = firstName;
      this.lastName = lastName;
      this.email = email;
      this.age = age;
    }
  }
}
