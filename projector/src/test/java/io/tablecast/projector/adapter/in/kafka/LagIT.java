package io.tablecast.projector.adapter.in.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.events.DomainEvent;
import io.tablecast.projector.ProjectorService;
import io.tablecast.projector.fixtures.Projection;
import io.tablecast.projector.fixtures.ProjectionExtension;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Lag counts what can still be read: the distance from the consumer's position to the end of the
 * partition. A partition whose log ends in transaction markers and an aborted transaction (every
 * crash of the command processor leaves some) has nothing left to read.
 */
@ExtendWith({TablecastRuntimeExtension.class, ProjectionExtension.class})
class LagIT {

  private static final Duration STALL = Duration.ofSeconds(2);
  private static final Pattern LAG = Pattern.compile("(?m)^tablecast_projector_lag\\{[^}]*\\} (\\S+)$");

  @Test
  void aPartitionEndingInAnAbortedTransactionAndMarkersShowsNoLagAndIsNeverStalled(Projection projection) {
    List<DomainEvent> log = HrHistory.generate(21, 2, 60, HrHistory.Mix.TYPICAL);
    projection.writer().writeTransaction(log.subList(0, 40), true);
    projection.writer().writeTransaction(log.subList(40, 60), false); // aborted: never to be projected

    ProjectorService projector = projection.start(projection.config().withStallTimeout(STALL), List.of());
    HttpTestClient operations = new HttpTestClient(projector.uri());

    await("every partition's checkpoint shows no lag").atMost(Duration.ofMinutes(1)).pollInterval(Duration.ofMillis(250))
        .until(() -> checkpointLags(projection).size() == 6 && checkpointLags(projection).stream().allMatch(lag -> lag == 0));
    // Idle for longer than the stall timeout, and caught up: neither lagging nor stalled.
    await().pollDelay(STALL.multipliedBy(3)).atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
      assertThat(checkpointLags(projection)).hasSize(6).containsOnly(0L);
      assertThat(metricLags(operations)).hasSize(6).containsOnly(0.0);
      assertThat(operations.get("/health").status()).as("not stalled").isEqualTo(200);
    });
  }

  /** The lag of each partition as its checkpoint row tells it, which is what {@code /status} shows. */
  private static List<Long> checkpointLags(Projection projection) {
    return projection.checkpoints().listEntities().stream().filter(row -> row.getPartitionKey().equals("G1"))
        .map(row -> CheckpointLayout.lag(row::getProperty)).toList();
  }

  private static List<Double> metricLags(HttpTestClient operations) {
    Matcher lags = LAG.matcher(operations.get("/metrics").raw().body());
    return lags.results().map(m -> Double.parseDouble(m.group(1))).toList();
  }
}
