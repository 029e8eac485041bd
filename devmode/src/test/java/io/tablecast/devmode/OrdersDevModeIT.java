package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.app.TablecastCli;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.devmode.fixtures.DevModeProcess;
import io.tablecast.orders.OrderViews;
import io.tablecast.orders.events.OrderEvent;
import io.tablecast.orders.events.OrderEventType;
import io.tablecast.projection.RowRef;
import io.tablecast.projection.testing.ProjectionKit;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.LongRun;
import io.tablecast.viewstore.adapter.out.tables.GenerationRows;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The orders example end to end in dev mode, as a team would run its own view set: its events in
 * from any producer, its views out; {@code kill -9} of the whole run, Azurite included, while the
 * turns, steps and checkpoints of a second burst are in flight; after the restart, the views
 * exactly as the test kit folds the log; then a rebuild that flips them to a new generation and a
 * {@code verify} that finds no difference.
 */
@ExtendWith(ChildJvms.class)
@LongRun
class OrdersDevModeIT {

  private static final Duration CONVERGE = Duration.ofMinutes(2);
  private static final Duration CLI = Duration.ofSeconds(120);
  private static final Instant AT = Instant.parse("2026-11-30T10:00:00Z");
  /** Longer than Azurite waits before it saves its tables and queues to disk. */
  private static final Duration SAVED = Duration.ofSeconds(8);

  @Test
  void ordersBecomeTheirViewsInDevMode_theirStepsSurviveAKill9_andARebuildFlipsThemWithVerifyAtZero(ChildJvms.Launcher jvms,
      @TempDir Path dir) throws Exception {
    int offset = DevModeProcess.freePortOffset();
    Path data = dir.resolve(".tablecast");
    List<OrderEvent> log = orders(new Random(5), 150);
    DevModeProcess first = DevModeProcess.start(jvms, dir.resolve("first.out"), data, offset);
    Env env = Env.of(first.env());
    AzureClients azure = new AzureClients(StorageSettings.fromEnv(env));
    send(env, log.subList(0, 50));
    awaitRows(azure, env, 1, ProjectionKit.of(OrderViews.PROJECTED.projections()).rebuilt(log.subList(0, 50)));
    Thread.sleep(SAVED.toMillis());
    send(env, log.subList(50, 120));
    first.killAll();

    DevModeProcess second = DevModeProcess.start(jvms, dir.resolve("second.out"), data, offset);
    send(env, log.subList(120, log.size()));
    Map<RowRef, Map<String, Object>> expected = ProjectionKit.of(OrderViews.PROJECTED.projections()).rebuilt(log);
    awaitRows(azure, env, 1, expected);
    assertThat(second.jvm().output()).as("the restart knows of the crash").anyMatch(line -> line.matches(
        ".*View set orders folds .* again from offset \\d+ after a crash, to ask again for its work"));

    ChildJvm rebuild = jvms.start(dir.resolve("rebuild.out"), first.env(), TablecastCli.class, "rebuild", "--view-set", "orders");
    assertThat(rebuild.awaitExitCode(CLI)).as(rebuild.tail()).isZero();
    assertThat(String.join("\n", rebuild.output())).contains("ViewCatalog flipped: generation 2 of view set orders is active");
    awaitRows(azure, env, 2, expected);
    ChildJvm verify = jvms.start(dir.resolve("verify.out"), first.env(), TablecastCli.class, "verify", "--view-set", "orders");
    assertThat(verify.awaitExitCode(CLI)).as(verify.tail()).isZero();
    assertThat(String.join("\n", verify.output())).contains("generation 2 of view set orders against " + log.size()
        + " events: 0 difference(s)");
    second.stop();
  }

  /** Orders of twelve customers: each placed, then perhaps shipped or cancelled a little later in the log. */
  private static List<OrderEvent> orders(Random random, int size) {
    List<OrderEvent> log = new ArrayList<>();
    List<OrderEvent> placed = new ArrayList<>();
    for (int i = 0; log.size() < size; i++) {
      OrderEvent order = new OrderEvent("o" + i, "c" + random.nextInt(12), 1L, AT.plusSeconds(i), OrderEventType.PLACED,
          100L + random.nextInt(900), null);
      log.add(order);
      placed.add(order);
      if (placed.size() > 3 && random.nextBoolean()) {
        OrderEvent earlier = placed.remove(random.nextInt(placed.size() - 1));
        boolean shipped = random.nextBoolean();
        log.add(new OrderEvent(earlier.getOrderId(), earlier.getCustomerId(), 2L, AT.plusSeconds(i), shipped ? OrderEventType.SHIPPED
            : OrderEventType.CANCELLED, 0L, shipped ? null : "changed their mind"));
      }
    }
    return log.subList(0, size);
  }

  /** Keyed by customer, as a shop's producer would: each customer's events in order. */
  private static void send(Env env, List<OrderEvent> events) throws Exception {
    Properties config = new Properties();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, KafkaSettings.fromEnv(env).bootstrapServers());
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
      for (OrderEvent event : events) {
        producer.send(new ProducerRecord<>(env.namespace().topic(OrderViews.TOPIC), event.getCustomerId(), OrderViews.encode(event)));
      }
      producer.flush();
    }
  }

  private static void awaitRows(AzureClients azure, Env env, int generation, Map<RowRef, Map<String, Object>> expected) {
    await("generation " + generation + " of the orders equal to the test kit's fold").atMost(CONVERGE).pollInterval(Duration.ofSeconds(1))
        .ignoreExceptions().untilAsserted(() -> {
          assertThat(new ViewCatalog(azure.tableService(), env.namespace(), OrderViews.VIEW_SET).read().activeGeneration())
              .isEqualTo(generation);
          assertThat(GenerationRows.all(azure, new Generation(OrderViews.VIEW_SET, env.namespace(), generation))).isEqualTo(expected);
        });
  }
}
