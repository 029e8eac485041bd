package io.tablecast.viewstore.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.viewstore.adapter.out.tables.TableRows.Read;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KnownRowsTest {

  private final KnownRows known = new KnownRows(3);

  @Test
  void partitionsAreApartAndNoMoreRowsThanTheCapacityAreKept() {
    known.read("D1", Map.of("a", read("a", 1, "e1")));
    known.read("D2", Map.of("b", read("b", 1, "e2")));
    assertThat(known.get("D2", Set.of("a"))).isEmpty();

    for (int n = 0; n < 100; n++) {
      known.read("D3", Map.of("r" + n, read("r" + n, 1, "e" + n)));
    }

    assertThat(known.size()).isLessThanOrEqualTo(3);
  }

  @Test
  void forgottenRowsAreReadAgain() {
    known.read("D1", Map.of("a", read("a", 1, "e1"), "b", read("b", 1, "e2")));

    known.forget("D1", Set.of("a"));

    assertThat(known.get("D1", Set.of("a", "b")).keySet()).containsExactly("b");
  }

  private static Read read(String rowKey, long version, String etag) {
    return new Read(rowKey, Map.of("Version", version), etag);
  }
}
