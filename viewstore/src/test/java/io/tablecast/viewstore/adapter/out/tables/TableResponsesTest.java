package io.tablecast.viewstore.adapter.out.tables;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.data.tables.models.TableServiceError;
import com.azure.data.tables.models.TableTransactionFailedException;
import org.junit.jupiter.api.Test;

class TableResponsesTest {

  @Test
  void repairsTheETagsAzuriteSendsWithoutTheirClosingQuote() {
    assertThat(TableResponses.repair("W/\"datetime'2026-11-26T02%3A15%3A40.1386953Z'"))
        .isEqualTo("W/\"datetime'2026-11-26T02%3A15%3A40.1386953Z'\"");
  }

  @Test
  void leavesWellFormedETagsAlone() {
    assertThat(TableResponses.repair("W/\"datetime'2026-11-26T02%3A15%3A40.1386953Z'\""))
        .isEqualTo("W/\"datetime'2026-11-26T02%3A15%3A40.1386953Z'\"");
    assertThat(TableResponses.repair(null)).isNull();
  }

  @Test
  void aFailedEgtWithoutAResponseIsALostRaceByItsErrorCode() {
    assertThat(TableResponses.lostRace(failed("EntityAlreadyExists"))).isTrue();
    assertThat(TableResponses.lostRace(failed("UpdateConditionNotSatisfied"))).isTrue();
    assertThat(TableResponses.lostRace(failed("ResourceNotFound"))).isTrue();
    assertThat(TableResponses.lostRace(failed("InvalidInput"))).isFalse();
  }

  private static TableTransactionFailedException failed(String code) {
    return new TableTransactionFailedException("failed", null, new TableServiceError(code, "message"), 0);
  }
}
