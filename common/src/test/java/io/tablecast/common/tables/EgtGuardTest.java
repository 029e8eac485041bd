package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class EgtGuardTest {

  private static TableTransactionAction upsert(String pk, String rk) {
    return new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, new TableEntity(pk, rk).addProperty("A", 1));
  }

  @Test
  void acceptsAHundredDistinctRowsOfOnePartition() {
    List<TableTransactionAction> batch = IntStream.range(0, 100).mapToObj(i -> upsert("Sales", "r" + i)).toList();
    assertThatCode(() -> EgtGuard.check(batch)).doesNotThrowAnyException();
  }

  @Test
  void rejectsMixedPartitionKeysThatAzuriteWouldAccept() {
    assertThatThrownBy(() -> EgtGuard.check(List.of(upsert("Sales", "a"), upsert("Support", "b"))))
        .hasMessageContaining("one partition");
  }

  @Test
  void rejectsMoreThanAHundredOperations() {
    List<TableTransactionAction> batch = IntStream.range(0, 101).mapToObj(i -> upsert("Sales", "r" + i)).toList();
    assertThatThrownBy(() -> EgtGuard.check(batch)).hasMessageContaining("100");
  }

  @Test
  void rejectsTheSameRowTwice() {
    assertThatThrownBy(() -> EgtGuard.check(List.of(upsert("Sales", "a"), upsert("Sales", "a"))))
        .hasMessageContaining("twice");
  }

  @Test
  void rejectsAnEntityOverThePropertyLimitThatAzuriteWouldAccept() {
    TableEntity wide = new TableEntity("Sales", "wide");
    IntStream.range(0, 253).forEach(i -> wide.addProperty("P" + i, i));
    TableTransactionAction action = new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, wide);
    assertThatThrownBy(() -> EgtGuard.check(List.of(action))).hasMessageContaining("252");
  }

  @Test
  void acceptsAnEntityAtThePropertyLimit() {
    TableEntity wide = new TableEntity("Sales", "wide");
    IntStream.range(0, 252).forEach(i -> wide.addProperty("P" + i, i));
    TableTransactionAction action = new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, wide);
    assertThatCode(() -> EgtGuard.check(List.of(action))).doesNotThrowAnyException();
  }

  @Test
  void countsNeitherKeysNorAnnotationsAsProperties() {
    TableEntity read = new TableEntity("Sales", "wide");
    IntStream.range(0, 252).forEach(i -> read.addProperty("P" + i, (long) i).addProperty("P" + i + "@odata.type", "Edm.Int64"));
    assertThatCode(() -> EgtGuard.check(List.of(new TableTransactionAction(TableTransactionActionType.UPSERT_REPLACE, read))))
        .doesNotThrowAnyException();
    assertThat(SystemProperties.isSystem("Version@odata.type")).isTrue();
    assertThat(SystemProperties.isSystem("odata.etag")).isTrue();
    assertThat(SystemProperties.isSystem("Version")).isFalse();
  }
}
