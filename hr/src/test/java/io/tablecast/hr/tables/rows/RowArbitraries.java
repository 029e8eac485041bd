package io.tablecast.hr.tables.rows;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Generators for the rows' components, each sometimes null, and the SDK's view of a row. */
final class RowArbitraries {

  private static final double ABSENT = 0.1;

  private RowArbitraries() {}

  static Arbitrary<Object> strings() {
    return Arbitraries.strings().ofMaxLength(12).injectNull(ABSENT).map(s -> s);
  }

  static Arbitrary<Object> ints() {
    return Arbitraries.integers().injectNull(ABSENT).map(i -> i);
  }

  static Arbitrary<Object> longs() {
    return Arbitraries.longs().injectNull(ABSENT).map(l -> l);
  }

  /** Instants with sub-millisecond parts, within the years {@code Edm.DateTime} holds. */
  static Arbitrary<Object> instants() {
    return Arbitraries.longs().between(0, 253_402_300_799L).flatMap(seconds ->
        Arbitraries.integers().between(0, 999_999_999).map(nanos -> Instant.ofEpochSecond(seconds, nanos)))
        .injectNull(ABSENT).map(i -> i);
  }

  static Arbitrary<Object> details() {
    return combine(v -> new EmployeeDetails((String) v.get(0), (String) v.get(1), (String) v.get(2), (String) v.get(3),
            (Integer) v.get(4), (Instant) v.get(5)),
        List.of(strings(), strings(), strings(), strings(), ints(), instants())).map(d -> d);
  }

  static Arbitrary<Object> claims() {
    return combine(v -> new EmailClaim((String) v.get(0), (String) v.get(1), (String) v.get(2), (String) v.get(3),
            (Instant) v.get(4), (Long) v.get(5), (String) v.get(6)),
        List.of(strings(), strings(), strings(), strings(), instants(), longs(), strings())).map(c -> c);
  }

  /** A record made of one value of each of {@code parts}, in order. */
  static <R> Arbitrary<R> combine(Function<List<Object>, R> make, List<Arbitrary<Object>> parts) {
    return Combinators.combine(parts).as(make::apply);
  }

  /**
   * The properties as the SDK hands them back: datetimes as {@code OffsetDateTime}, with the keys,
   * the Timestamp, the ETag and the type annotations beside them.
   */
  static Map<String, Object> asTableEntity(Map<String, Object> properties) {
    Map<String, Object> entity = new LinkedHashMap<>();
    entity.put("PartitionKey", "Sales");
    entity.put("RowKey", "empid_00000001");
    entity.put("Timestamp", OffsetDateTime.now(ZoneOffset.UTC));
    entity.put("odata.etag", "W/\"datetime'2026-01-01T00%3A00%3A00Z'\"");
    properties.forEach((name, value) -> {
      if (value instanceof Instant t) {
        entity.put(name, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
        entity.put(name + "@odata.type", "Edm.DateTime");
      } else if (value instanceof Long) {
        entity.put(name, value);
        entity.put(name + "@odata.type", "Edm.Int64");
      } else {
        entity.put(name, value);
      }
    });
    return entity;
  }
}
