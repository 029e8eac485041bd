package io.tablecast.app;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.models.PeekedMessageItem;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.orders.OrderViews;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.viewstore.adapter.queue.ParkedMessages;
import io.tablecast.viewstore.adapter.queue.ParkedMessages.Parked;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The operator's side of the poison queues (SPEC §4): {@code tablecast poison list} and {@code requeue}, run as a user would. */
@ExtendWith({TablecastRuntimeExtension.class, ChildJvms.class})
class PoisonCliIT {

  private static final Duration RUN = Duration.ofSeconds(60);
  private static final String FIRST = "{\"format\":1,\"generation\":1,\"items\":[{\"kind\":\"first\"}]}";
  private static final String SECOND = "{\"format\":1,\"generation\":1,\"items\":[{\"kind\":\"second\"}]}";

  private Map<String, String> env;
  private QueueClient work;
  private QueueClient poison;

  @BeforeEach
  void twoParkedMessages(EmbeddedRuntime runtime) {
    Namespace namespace = new Namespace("pc" + ThreadLocalRandom.current().nextInt(10_000, 100_000));
    AzureClients azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    new ViewCatalog(azure.tableService(), namespace, HR).initialize();
    Generation generation = new Generation(HR, namespace, 1);
    work = azure.queue(generation.queue(WorkQueue.INDEX_MAINTENANCE));
    poison = azure.queue(generation.poisonQueue(WorkQueue.INDEX_MAINTENANCE));
    work.createIfNotExists();
    poison.createIfNotExists();
    poison.sendMessage(ParkedMessages.write(new Parked(work.getQueueName(), "employee 00000007 has no locator", Instant.now(), 6, FIRST)));
    poison.sendMessage(ParkedMessages.write(new Parked(work.getQueueName(), "400 InvalidInput: bad department", Instant.now(), 6, SECOND)));
    env = Map.of("TABLECAST_STORAGE_CONNECTION_STRING", runtime.storageConnectionString(), "TABLECAST_NAMESPACE", namespace.prefix());
  }

  private ChildJvm cli(ChildJvms.Launcher jvms, Path dir, String... args) {
    return jvms.start(dir.resolve(String.join("-", args).replaceAll("[^a-z-]", "") + ".out"), env, TablecastCli.class, args);
  }

  @Test
  void listShowsEachParkedMessageWithItsReason(ChildJvms.Launcher jvms, @TempDir Path dir) {
    ChildJvm list = cli(jvms, dir, "poison", "list");

    assertThat(list.awaitExitCode(RUN)).as(list.tail()).isZero();
    String output = String.join("\n", list.output());
    assertThat(output).contains(poison.getQueueName() + ": 2 parked", "employee 00000007 has no locator",
        "400 InvalidInput: bad department", FIRST, SECOND);
  }

  @Test
  void requeueOfOneIdMovesExactlyThatMessageBackThenAllMovesTheRest(ChildJvms.Launcher jvms, @TempDir Path dir) {
    PeekedMessageItem first = poison.peekMessages(2, null, null).stream()
        .filter(m -> ParkedMessages.read(m.getBody().toString()).message().equals(FIRST)).findFirst().orElseThrow();

    ChildJvm one = cli(jvms, dir, "poison", "requeue", "--queue", "index-maintenance", "--id", first.getMessageId());
    assertThat(one.awaitExitCode(RUN)).as(one.tail()).isZero();
    assertThat(bodies(work)).containsExactly(FIRST);
    assertThat(poison.getProperties().getApproximateMessagesCount()).isEqualTo(1);

    ChildJvm all = cli(jvms, dir, "poison", "requeue", "--queue", "index-maintenance", "--all");
    assertThat(all.awaitExitCode(RUN)).as(all.tail()).isZero();
    assertThat(String.join("\n", all.output())).contains("Requeued 1 message(s) onto index-maintenance.");
    assertThat(bodies(work)).containsExactlyInAnyOrder(FIRST, SECOND);
    assertThat(poison.getProperties().getApproximateMessagesCount()).isZero();
  }

  @Test
  void anUnknownQueueOrIdIsAClearErrorAndMovesNothing(ChildJvms.Launcher jvms, @TempDir Path dir) {
    ChildJvm badQueue = cli(jvms, dir, "poison", "requeue", "--queue", "payroll", "--all");
    assertThat(badQueue.awaitExitCode(RUN)).isEqualTo(2);
    assertThat(String.join("\n", badQueue.output())).contains("--queue must be archive-employee, transfer-employee or index-maintenance");

    ChildJvm badId = cli(jvms, dir, "poison", "requeue", "--queue", "index-maintenance", "--id", "no-such-message");
    assertThat(badId.awaitExitCode(RUN)).isEqualTo(1);
    assertThat(String.join("\n", badId.output())).contains("Requeued 0 message(s)");
    assertThat(poison.getProperties().getApproximateMessagesCount()).isEqualTo(2);
    assertThat(work.getProperties().getApproximateMessagesCount()).isZero();
  }

  @Test
  @LongRun
  void aTeamsViewSetHasItsPoisonQueuesListedAndRequeuedByItsName(EmbeddedRuntime runtime, ChildJvms.Launcher jvms, @TempDir Path dir) {
    AzureClients azure = new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString()));
    new ViewCatalog(azure.tableService(), new Namespace(env.get("TABLECAST_NAMESPACE")), OrderViews.VIEW_SET).initialize();
    Generation orders = new Generation(OrderViews.VIEW_SET, new Namespace(env.get("TABLECAST_NAMESPACE")), 1);
    QueueClient stepQueue = azure.queue(orders.queue(OrderViews.STATUS_QUEUE));
    QueueClient stepPoison = azure.queue(orders.poisonQueue(OrderViews.STATUS_QUEUE));
    stepQueue.createIfNotExists();
    stepPoison.createIfNotExists();
    String fresh = "{\"format\":1,\"step\":\"orders-by-status\",\"items\":[\"c1/o1\"]}";
    String failed = fresh.replace("]}", "],\"failure\":{\"reason\":\"503 ServerBusy\",\"permanent\":false}}");
    stepPoison.sendMessage(ParkedMessages.write(new Parked(stepQueue.getQueueName(), "503 ServerBusy", Instant.now(), 6, failed)));

    ChildJvm list = cli(jvms, dir, "poison", "list", "--view-set", "orders");
    assertThat(list.awaitExitCode(RUN)).as(list.tail()).isZero();
    assertThat(String.join("\n", list.output())).contains(stepPoison.getQueueName() + ": 1 parked", "503 ServerBusy")
        .doesNotContain(poison.getQueueName());
    ChildJvm requeue = cli(jvms, dir, "poison", "requeue", "--view-set", "orders", "--queue", "orders-by-status", "--all");
    assertThat(requeue.awaitExitCode(RUN)).as(requeue.tail()).isZero();
    assertThat(bodies(stepQueue)).as("sent back without its failure").containsExactly(fresh);
    ChildJvm unknown = cli(jvms, dir, "poison", "list", "--view-set", "payroll");
    assertThat(unknown.awaitExitCode(RUN)).isEqualTo(2);
    assertThat(String.join("\n", unknown.output())).contains("No view set 'payroll'");
  }

  private static List<String> bodies(QueueClient queue) {
    return queue.peekMessages(32, null, null).stream().map(m -> m.getBody().toString()).toList();
  }
}
