package io.tablecast.operations.domain.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.hr.tables.ViewTable;
import io.tablecast.projection.RowChange;
import io.tablecast.projection.RowRef;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The store's limits on one entity, as the fold applies them to tell which events the live path could not write. */
class StorageLimitsTest {

  private static RowChange.Put row(String rowKey, Map<String, Object> properties) {
    return new RowChange.Put(new RowRef(ViewTable.EMPLOYEES, "Sales", rowKey), properties);
  }

  @Test
  void aRowWithinEveryLimitFits() {
    Map<String, Object> properties = new HashMap<>(Map.of("LastName", "L".repeat(32_768), "Age", 30, "Version", 7L));
    assertThat(StorageLimits.violation(row("empid_00000007", properties))).isEmpty();
  }

  @Test
  void aStringOver64KibAKeyOver1KibTooManyPropertiesOrOver1MibInAllDoNot() {
    assertThat(StorageLimits.violation(row("r", Map.of("LastName", "L".repeat(32_769)))))
        .contains("property LastName is 65538 bytes, over the limit of 64 KiB");
    assertThat(StorageLimits.violation(row("k".repeat(513), Map.of()))).contains("a key of Employees is over the limit of 1 KiB");
    Map<String, Object> many = new HashMap<>();
    for (int i = 0; i < 253; i++) {
      many.put("P" + i, i);
    }
    assertThat(StorageLimits.violation(row("r", many))).contains("253 properties, over the limit of 252");
    Map<String, Object> large = new HashMap<>();
    for (int i = 0; i < 17; i++) {
      large.put("P" + i, "x".repeat(32_000));
    }
    assertThat(StorageLimits.violation(row("r", large))).hasValueSatisfying(v -> assertThat(v).endsWith("over the limit of 1 MiB"));
  }
}
