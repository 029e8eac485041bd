package io.tablecast.views.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.NotEmpty;
import org.junit.jupiter.api.Test;

class FiltersTest {

  @Test
  void aPrefixRangeStaysInsideItsPartition() {
    assertThat(Filters.rowKeyPrefix("Sales", "empid_"))
        .isEqualTo("PartitionKey eq 'Sales' and RowKey ge 'empid_' and RowKey lt 'empid`'");
  }

  @Test
  void quotesInLiteralsAreDoubledSoTheyCannotEndTheString() {
    assertThat(Filters.partition("o'brien")).isEqualTo("PartitionKey eq 'o''brien'");
    assertThat(Filters.rowKeyPrefix("x", "email_' or 1 eq 1")).startsWith("PartitionKey eq 'x' and RowKey ge 'email_'' or 1 eq 1'");
  }

  @Property
  void theSuccessorIsAboveEveryStringWithThePrefixAndAboveThePrefix(@ForAll @NotEmpty String prefix, @ForAll String rest) {
    String successor = Filters.successor(prefix);
    assertThat(successor.compareTo(prefix)).isPositive();
    assertThat(successor.compareTo(prefix + rest)).isPositive();
  }
}
