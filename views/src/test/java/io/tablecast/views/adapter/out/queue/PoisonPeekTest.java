package io.tablecast.views.adapter.out.queue;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.viewstore.adapter.queue.ParkedMessages.Parked;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.StepMessages;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PoisonPeekTest {

  @Test
  void aParkedMessageGivesTheReasonTheWorkerWrote() {
    String text = ParkedMessages.write(new Parked("index-maintenance-g1", "employee 00000007 has no locator", Instant.EPOCH, 6, "{}"));

    assertThat(PoisonPeek.reason(text)).isEqualTo("employee 00000007 has no locator");
  }

  @Test
  void aBareWorkMessageGivesItsLastFailure() {
    String text = StepMessages.write(new StepMessages.Message(StepMessages.FORMAT, "index-maintenance", List.of("an item"),
        new StepMessages.Failure("409 on the index entry", true)));

    assertThat(PoisonPeek.reason(text)).isEqualTo("409 on the index entry");
  }

  @Test
  void aTextThatIsNeitherSaysItCannotBeRead() {
    assertThat(PoisonPeek.reason("not json")).startsWith("unreadable message");
  }
}
