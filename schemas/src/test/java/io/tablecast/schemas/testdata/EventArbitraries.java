package io.tablecast.schemas.testdata;

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
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik generators of every event the domain records accept: ids at their bounds, any Unicode
 * text (emoji, control characters, the empty string; no lone surrogates, which UTF-8 cannot
 * carry), any version, any millisecond instant.
 */
public final class EventArbitraries {

  private static final int EMOJI_FACE = 0x1F600;
  private static final int ZERO_WIDTH_JOINER = 0x200D;

  private EventArbitraries() {}

  /** Events of all six types. */
  public static Arbitrary<DomainEvent> events() {
    return Arbitraries.oneOf(
        departmentCreated(),
        managerAssigned(),
        employeeHired(),
        detailsChanged(),
        employeeTransferred(),
        employeeArchived());
  }

  public static Arbitrary<DomainEvent> departmentCreated() {
    return Combinators.combine(metadata(), departmentIds(), text()).as(DepartmentCreated::new);
  }

  public static Arbitrary<DomainEvent> managerAssigned() {
    return Combinators.combine(metadata(), departmentIds(), employeeIds(), text(), text(), text())
        .as(DepartmentManagerAssigned::new);
  }

  public static Arbitrary<DomainEvent> employeeHired() {
    return Combinators.combine(metadata(), employeeIds(), departmentIds(), text(), text(), text(), ages())
        .as(EmployeeHired::new);
  }

  public static Arbitrary<DomainEvent> detailsChanged() {
    return Combinators.combine(metadata(), employeeIds(), departmentIds(), text(), text(), text(), ages())
        .as(EmployeeDetailsChanged::new);
  }

  public static Arbitrary<DomainEvent> employeeTransferred() {
    return Combinators.combine(metadata(), employeeIds(), departmentIds(), departmentIds())
        .as(EmployeeTransferred::new);
  }

  /** Reasons present, absent, and empty (which the record turns into absent). */
  public static Arbitrary<DomainEvent> employeeArchived() {
    return Combinators.combine(metadata(), employeeIds(), departmentIds(), text().optional(0.6))
        .as(EmployeeArchived::new);
  }

  public static Arbitrary<EventMetadata> metadata() {
    return Combinators.combine(uuids(), text(), text(), versions(), instants(), actors()).as(EventMetadata::new);
  }

  /** Anonymous, and any non-blank subject up to the length limit. */
  public static Arbitrary<Actor> actors() {
    Arbitrary<Actor> subjects = text().filter(s -> !s.isBlank() && s.length() <= Actor.MAX_LENGTH).map(Actor::new);
    return Arbitraries.oneOf(Arbitraries.just(Actor.ANONYMOUS), subjects);
  }

  public static Arbitrary<DepartmentId> departmentIds() {
    Arbitrary<String> first = Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z').ofLength(1);
    Arbitrary<String> rest = Arbitraries.strings()
        .withCharRange('a', 'z')
        .withCharRange('A', 'Z')
        .withCharRange('0', '9')
        .withChars('-')
        .ofMaxLength(63);
    return Combinators.combine(first, rest).as((f, r) -> new DepartmentId(f + r));
  }

  public static Arbitrary<EmployeeId> employeeIds() {
    return Arbitraries.integers().between(0, 99_999_999).map(EmployeeId::new);
  }

  /** Any text of Unicode scalar values, with emoji and joined emoji sequences made likely. */
  public static Arbitrary<String> text() {
    Arbitrary<Integer> anyScalar = Arbitraries.integers()
        .between(0, Character.MAX_CODE_POINT)
        .filter(cp -> cp < Character.MIN_SURROGATE || cp > Character.MAX_SURROGATE);
    Arbitrary<Integer> emoji = Arbitraries.of(EMOJI_FACE, 0x1F469, ZERO_WIDTH_JOINER, 0x1F4BC, 0xFE0F);
    Arbitrary<Integer> ascii = Arbitraries.integers().between(0x20, 0x7E);
    return Arbitraries.frequencyOf(
            Tuple.of(3, ascii), Tuple.of(2, anyScalar), Tuple.of(1, emoji))
        .list()
        .ofMaxSize(60)
        .map(EventArbitraries::fromCodePoints);
  }

  public static Arbitrary<Integer> ages() {
    return Arbitraries.integers();
  }

  private static Arbitrary<UUID> uuids() {
    return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new);
  }

  private static Arbitrary<Long> versions() {
    return Arbitraries.longs().between(1, Long.MAX_VALUE);
  }

  /** Instants over the whole millisecond range, some with sub-millisecond parts to truncate. */
  private static Arbitrary<Instant> instants() {
    Arbitrary<Instant> wholeRange = Arbitraries.longs().map(Instant::ofEpochMilli);
    Arbitrary<Instant> withNanos = Combinators.combine(
            Arbitraries.longs().between(-1_000_000_000_000_000L, 1_000_000_000_000_000L),
            Arbitraries.integers().between(0, 999_999))
        .as((millis, nanos) -> Instant.ofEpochMilli(millis).plusNanos(nanos));
    return Arbitraries.oneOf(wholeRange, withNanos);
  }

  private static String fromCodePoints(List<Integer> codePoints) {
    StringBuilder text = new StringBuilder();
    codePoints.forEach(text::appendCodePoint);
    return text.toString();
  }
}
