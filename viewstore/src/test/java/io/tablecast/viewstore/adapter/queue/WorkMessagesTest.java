package io.tablecast.viewstore.adapter.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.viewstore.domain.SourcePosition;
import io.tablecast.viewstore.domain.work.WorkItem;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkMessagesTest {

  @Test
  void roundTripsEveryKindOfItemInAVersionedEnvelope() {
    List<WorkItem> items = List.of(
        new WorkItem.ArchiveEmployee("00000007", "Sales", 4),
        new WorkItem.TransferEmployee("00000007", "Sales", "Ops", 2),
        new WorkItem.ReindexEmployee("00000008", 3),
        new WorkItem.ManagerAssigned("Sales", "00000007", 2));

    List<String> messages = WorkMessages.pack(3, items);

    assertThat(messages).hasSize(1);
    assertThat(messages.get(0)).startsWith("{\"format\":1,\"generation\":3,\"items\":[{\"type\":\"archive-employee\"");
    WorkMessages.Message message = WorkMessages.read(messages.get(0));
    assertThat(message.generation()).isEqualTo(3);
    assertThat(message.items()).isEqualTo(items);
  }

  @Test
  void anItemCarriesWhereItsEventIsInTheLog_andAnItemWithoutOneReadsAsBefore() {
    SourcePosition source = new SourcePosition("tablecast.employee-events", 2, 1234);
    List<WorkItem> items = List.of(new WorkItem.TransferEmployee("00000007", "Sales", "Ops", 2, source), new WorkItem.ReindexEmployee("00000008", 3));

    String message = WorkMessages.write(new WorkMessages.Message(1, items));

    assertThat(message).contains("\"source\":{\"topic\":\"tablecast.employee-events\",\"partition\":2,\"offset\":1234}");
    assertThat(WorkMessages.read(message).items()).isEqualTo(items);
    assertThat(WorkMessages.read(message).items().get(0).origin()).contains(source);
    assertThat(WorkMessages.read("{\"format\":1,\"generation\":1,\"items\":[{\"type\":\"reindex-employee\",\"employeeId\":\"00000008\",\"version\":3}]}")
        .items()).containsExactly(new WorkItem.ReindexEmployee("00000008", 3));
    assertThat(WorkMessages.write(new WorkMessages.Message(1, List.of(items.get(1))))).doesNotContain("source");
  }

  @Test
  void aHiresItemCarriesTheHireAsDocumented_andItemsWithoutOneHaveNoHireField() {
    WorkItem.Hire hire = new WorkItem.Hire("Sales", "Zoë", "O'Brien", "zoe@x.io", 30, Instant.parse("2026-11-28T01:20:31.412Z"),
        "5f0c7c9e-8f1b-4c55-9d42-6f1c2b1e0a11");
    WorkItem item = new WorkItem.ReindexEmployee("00000008", 1, null, hire);

    String message = WorkMessages.write(new WorkMessages.Message(1, List.of(item)));

    assertThat(message).contains("\"hire\":{\"departmentId\":\"Sales\",\"firstName\":\"Zoë\",\"lastName\":\"O'Brien\","
        + "\"email\":\"zoe@x.io\",\"age\":30,\"hiredAt\":\"2026-11-28T01:20:31.412Z\",\"eventId\":\"5f0c7c9e-8f1b-4c55-9d42-6f1c2b1e0a11\"}");
    assertThat(WorkMessages.read(message).items()).containsExactly(item);
    assertThat(WorkMessages.write(new WorkMessages.Message(1, List.of(new WorkItem.ReindexEmployee("00000008", 2))))).doesNotContain("hire");
  }

  @Test
  void anItemCarriesWhenItsEventOccurred_asIsoText() {
    SourcePosition source = new SourcePosition("tablecast.employee-events", 2, 1234).at(Instant.parse("2026-11-28T01:20:31.412Z"));
    WorkItem item = new WorkItem.ReindexEmployee("00000008", 3, source);

    String message = WorkMessages.write(new WorkMessages.Message(1, List.of(item)));

    assertThat(message).contains("\"offset\":1234,\"occurredAt\":\"2026-11-28T01:20:31.412Z\"}");
    assertThat(WorkMessages.read(message).items().get(0).origin().flatMap(SourcePosition::occurred))
        .contains(Instant.parse("2026-11-28T01:20:31.412Z"));
  }

  @Test
  void anItemCarriesTheTraceOfItsEvent_andOneWithoutTraceStillDecodes() {
    String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
    SourcePosition traced = new SourcePosition("tablecast.employee-events", 2, 1234, traceparent);
    List<WorkItem> items = List.of(new WorkItem.ReindexEmployee("00000007", 2, traced));

    String message = WorkMessages.write(new WorkMessages.Message(1, items));

    assertThat(message).contains("\"source\":{\"topic\":\"tablecast.employee-events\",\"partition\":2,\"offset\":1234,\"traceparent\":\"" + traceparent + "\"}");
    assertThat(WorkMessages.read(message).items().get(0).origin().flatMap(SourcePosition::trace)).contains(traceparent);
    WorkItem untraced = WorkMessages.read("{\"format\":1,\"generation\":1,\"items\":[{\"type\":\"reindex-employee\",\"employeeId\":\"00000008\","
        + "\"version\":3,\"source\":{\"topic\":\"tablecast.employee-events\",\"partition\":0,\"offset\":988}}]}").items().get(0);
    assertThat(untraced.origin()).contains(new SourcePosition("tablecast.employee-events", 0, 988));
    assertThat(untraced.origin().flatMap(SourcePosition::trace)).isEmpty();
  }

  @Test
  void packsAsManyItemsAsFitAndNeverExceedsTheLimit() {
    List<WorkItem> items = IntStream.range(0, 5_000).<WorkItem>mapToObj(i -> new WorkItem.ReindexEmployee(String.format("%08d", i), i)).toList();

    List<String> messages = WorkMessages.pack(1, items);

    assertThat(messages.size()).isBetween(2, 10);
    assertThat(messages).allSatisfy(m -> assertThat(m.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(WorkMessages.MAX_MESSAGE_BYTES));
    List<WorkItem> read = new ArrayList<>();
    messages.forEach(m -> read.addAll(WorkMessages.read(m).items()));
    assertThat(read).isEqualTo(items);
  }

  @Test
  void refusesUnknownFormatsAndGarbage() {
    assertThatThrownBy(() -> WorkMessages.read("{\"format\":2,\"generation\":1,\"items\":[]}")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WorkMessages.read("not json")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WorkMessages.read("{\"format\":1,\"generation\":1,\"items\":[{\"type\":\"explode\"}]}"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aFailedMessageCarriesItsReasonAndSplitsIntoOneMessagePerItemWithIt() {
    List<WorkItem> items = List.of(new WorkItem.ReindexEmployee("00000007", 2), new WorkItem.ReindexEmployee("00000008", 1));
    StepMessages.Failure failure = new StepMessages.Failure("employee 00000008 has no locator", true);

    WorkMessages.Message failed = WorkMessages.read(WorkMessages.write(new WorkMessages.Message(1, items).failed(failure)));

    assertThat(failed.lastFailure()).contains(failure);
    assertThat(failed.split()).extracting(WorkMessages.Message::items).containsExactly(List.of(items.get(0)), List.of(items.get(1)));
    assertThat(failed.split()).allSatisfy(part -> assertThat(part.lastFailure()).contains(failure));
    assertThat(WorkMessages.write(new WorkMessages.Message(1, items))).doesNotContain("failure");
  }

  @Test
  void aParkedMessageKeepsTheOriginalAndRequeuesItWithoutItsFailure() {
    String original = WorkMessages.write(new WorkMessages.Message(1, List.of(new WorkItem.ReindexEmployee("00000007", 2)))
        .failed(new StepMessages.Failure("boom", true)));
    String parked = ParkedMessages.write(new ParkedMessages.Parked("index-maintenance-g1", "boom", java.time.Instant.EPOCH, 6, original));

    assertThat(ParkedMessages.read(parked).message()).isEqualTo(original);
    assertThat(WorkMessages.read(PoisonQueues.original(parked)).lastFailure()).isEmpty();
    assertThat(PoisonQueues.original("not json at all")).isEqualTo("not json at all");
  }
}
