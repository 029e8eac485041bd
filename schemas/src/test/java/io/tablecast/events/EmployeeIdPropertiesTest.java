package io.tablecast.events;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class EmployeeIdPropertiesTest {

  @Property
  void theCanonicalFormIsTheIdZeroPaddedToEightDigitsAndParsesBack(@ForAll @IntRange(min = 0, max = 99_999_999) int value) {
    EmployeeId id = new EmployeeId(value);

    assertThat(id.canonical()).hasSize(8).containsOnlyDigits().isEqualTo(String.format("%08d", value));
    assertThat(EmployeeId.parse(id.canonical())).isEqualTo(id);
  }

  @Example
  void theSmallestAndLargestIdsKeepTheirEightDigits() {
    assertThat(new EmployeeId(0).canonical()).isEqualTo("00000000");
    assertThat(new EmployeeId(7).canonical()).isEqualTo("00000007");
    assertThat(new EmployeeId(99_999_999).canonical()).isEqualTo("99999999");
  }
}
