package io.tablecast.app;

import static io.tablecast.hr.tables.HrViewSet.HR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.tablecast.app.fixtures.GenerationContents;
import io.tablecast.app.fixtures.Pipeline;
import io.tablecast.app.fixtures.PipelineExtension;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.common.tables.CatalogState;
import io.tablecast.common.tables.CatalogTables;
import io.tablecast.common.tables.CheckpointLayout;
import io.tablecast.common.tables.CheckpointRows;
import io.tablecast.common.tables.Generation;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.events.EventTopicNames;
import io.tablecast.hr.steps.HrProjections;
import io.tablecast.hr.tables.ViewTable;
import io.tablecast.hr.tables.WorkQueue;
import io.tablecast.operations.Verification;
import io.tablecast.operations.application.audit.Difference;
import io.tablecast.operations.application.audit.Verifier;
import io.tablecast.operations.application.audit.VerifyProgress;
import io.tablecast.operations.rebuild.Rebuild;
import io.tablecast.operations.rebuild.RebuildStatus;
import io.tablecast.testkit.ChildJvm;
import io.tablecast.testkit.ChildJvms;
import io.tablecast.testkit.EventTopicWriter;
import io.tablecast.testkit.HrHistory;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replayable rebuilds (SPEC §6): a new generation built from the log beside the live one, equal
 * to it, resumable after a kill, dropped whole by an abort.
 */
@ExtendWith({TablecastRuntimeExtension.class, PipelineExtension.class, ChildJvms.class})
class RebuildIT {

  private static final Duration SETTLE = Duration.ofMinutes(2);

  @Test
  void aRebuildOfAnUnchangedLogEqualsTheLiveViewsAndAnAbortLeavesNoTableBehind(Pipeline pipeline) {
    write(pipeline, HrHistory.generate(7, 6, 1_500, HrHistory.Mix.TYPICAL));
    awaitQuiescence(pipeline);
    Map<String, Map<String, Object>> live = GenerationContents.of(pipeline.azure(), pipeline.generation());
    assertThat(verify(pipeline, pipeline.generation())).as("verify of the live generation").isEmpty();

    Recorder progress = new Recorder();
    Rebuild.Outcome outcome = rebuild(pipeline).run(new Rebuild.Options(true, Duration.ZERO, Duration.ofMillis(300)), progress);

    assertThat(outcome).isEqualTo(Rebuild.Outcome.BUILT);
    Generation pending = new Generation(HR, pipeline.namespace(), 2);
    assertThat(catalog(pipeline)).isEqualTo(new CatalogState(1, OptionalInt.of(2)));
    assertThat(GenerationContents.differences(GenerationContents.of(pipeline.azure(), pending), live)).as("generation 2 against the live views").isEmpty();
    assertThat(live).hasSizeGreaterThan(1_500);
    assertThat(verify(pipeline, pending)).as("verify of the rebuilt generation").isEmpty();
    RebuildStatus last = progress.statuses.get(progress.statuses.size() - 1);
    assertThat(last.readyToFlip()).isTrue();
    assertThat(last.applied()).isEqualTo(last.total()).isPositive();

    assertThat(rebuild(pipeline).abort()).hasValue(2);
    assertThat(catalog(pipeline)).isEqualTo(new CatalogState(1, OptionalInt.empty()));
    assertThat(storageOf(pipeline, pending)).as("what is left of generation 2").isEmpty();
    assertThat(GenerationContents.differences(GenerationContents.of(pipeline.azure(), pipeline.generation()), live)).as("the live views are untouched").isEmpty();
  }

  @Test
  @LongRun
  void aRebuildKilledMidLoadLoadsTheSameLogAgainAndFinishes(Pipeline pipeline, ChildJvms.Launcher jvms, @TempDir Path dir) {
    write(pipeline, HrHistory.generate(11, 4, 3_000, HrHistory.Mix.TYPICAL));
    awaitQuiescence(pipeline);
    Map<String, Map<String, Object>> live = GenerationContents.of(pipeline.azure(), pipeline.generation());
    Generation pending = new Generation(HR, pipeline.namespace(), 2);

    ChildJvm child = jvms.start(dir.resolve("rebuild.out"), pipeline.env(), TablecastCli.class, "rebuild", "--dry-run");
    await("the rebuild in the child JVM loads its first rows").atMost(SETTLE).pollInterval(Duration.ofMillis(20))
        .until(() -> anyRow(pipeline, pending, ViewTable.EMPLOYEE_ACTIVITY));
    child.signal("KILL");
    assertThat(child.awaitExit(Duration.ofSeconds(10))).isTrue();
    Map<String, Long> planned = loadEnd(pipeline, pending);
    assertThat(planned).as("the load's end, planned before it started").isNotEmpty();
    assertThat(applied(pipeline, pending)).as("killed before the load was done").isZero();

    Recorder resumed = new Recorder();
    assertThat(rebuild(pipeline).run(new Rebuild.Options(true, Duration.ZERO, Duration.ofMillis(300)), resumed)).isEqualTo(Rebuild.Outcome.BUILT);
    assertThat(resumed.resumed).containsExactly(true);
    assertThat(loadEnd(pipeline, pending)).as("the resumed load folds the same records").isEqualTo(planned);
    assertThat(resumed.loaded).as("the resumed run's load progress").contains("rows loaded");
    assertThat(GenerationContents.differences(GenerationContents.of(pipeline.azure(), pending), live)).as("generation 2 against the live views").isEmpty();

    assertThat(rebuild(pipeline).run(new Rebuild.Options(false, Duration.ofSeconds(1), Duration.ofMillis(300)), new Recorder()))
        .isEqualTo(Rebuild.Outcome.FLIPPED);
    assertThat(catalog(pipeline)).isEqualTo(new CatalogState(2, OptionalInt.empty()));
    assertThat(storageOf(pipeline, pipeline.generation())).as("what is left of generation 1").isEmpty();
    assertThat(verify(pipeline, Verification.activeGeneration(pipeline.azure(), pipeline.namespace(), HR)))
        .as("verify of the active generation after the flip").isEmpty();
  }

  /** What {@code verify} finds different between the log and a generation's tables. */
  static List<Difference> verify(Pipeline pipeline, Generation generation) {
    List<Difference> differences = new ArrayList<>();
    Verification.verifier(pipeline.projectorConfig().kafka(), pipeline.azure(), generation, HrProjections.AUDIT, Verifier.Settings.defaults(),
        VerifyProgress.NONE)
        .verify(differences::add);
    return differences;
  }

  private static Rebuild rebuild(Pipeline pipeline) {
    return new Rebuild(pipeline.projectorConfig(), pipeline.azure(), new SimpleMeterRegistry(), Clock.systemUTC());
  }

  static void write(Pipeline pipeline, List<? extends io.tablecast.events.DomainEvent> events) {
    try (EventTopicWriter writer = new EventTopicWriter(pipeline.projectorConfig().kafka().bootstrapServers(),
        TopicNames.of(pipeline.namespace(), EventTopicNames.ALL))) {
      writer.write(events);
    }
  }

  /** Every partition without lag and every work queue empty, three polls in a row (SPEC §9 quiescence). */
  static void awaitQuiescence(Pipeline pipeline) {
    int[] quiet = {0};
    await("quiescence").atMost(SETTLE).pollInterval(Duration.ofMillis(300)).until(() -> {
      JsonNode status = pipeline.views().get("/status").json();
      boolean idle = !status.get("projector").get("partitions").isEmpty()
          && StreamSupport.stream(status.get("projector").get("partitions").spliterator(), false).allMatch(p -> p.get("lag").asLong() == 0)
          && StreamSupport.stream(status.get("queues").spliterator(), false).allMatch(q -> q.get("depth").asLong() == 0);
      quiet[0] = idle ? quiet[0] + 1 : 0;
      return quiet[0] >= 3;
    });
  }

  static CatalogState catalog(Pipeline pipeline) {
    return new ViewCatalog(pipeline.azure().tableService(), pipeline.namespace(), HR).read();
  }

  /** The tables, queues and checkpoint rows of a generation that exist. */
  static List<String> storageOf(Pipeline pipeline, Generation generation) {
    List<String> left = new ArrayList<>();
    pipeline.azure().tableService().listTables().forEach(t -> {
      if (generation.tables().contains(t.getName())) {
        left.add("table " + t.getName());
      }
    });
    for (WorkQueue queue : WorkQueue.values()) {
      for (String name : List.of(generation.queue(queue), generation.poisonQueue(queue))) {
        try {
          pipeline.azure().queue(name).getProperties();
          left.add("queue " + name);
        } catch (com.azure.storage.queue.models.QueueStorageException e) {
          assertThat(e.getStatusCode()).as(name).isEqualTo(404);
        }
      }
    }
    CheckpointRows.read(pipeline.azure().table(new CatalogTables(pipeline.namespace()).projectorCheckpoints()), generation)
        .keySet().forEach(rowKey -> left.add("checkpoint " + rowKey));
    return left;
  }

  private static long applied(Pipeline pipeline, Generation generation) {
    return CheckpointRows.recordsApplied(pipeline.azure().table(new CatalogTables(pipeline.namespace()).projectorCheckpoints()), generation);
  }

  /** Whether the table holds a row; false while it does not exist yet. */
  private static boolean anyRow(Pipeline pipeline, Generation generation, ViewTable table) {
    try {
      return pipeline.azure().table(generation.table(table)).listEntities(new ListEntitiesOptions().setTop(1), null, null)
          .stream().findAny().isPresent();
    } catch (HttpResponseException e) {
      assertThat(e.getResponse().getStatusCode()).as("listing %s", table).isEqualTo(404);
      return false;
    }
  }

  /** The end of the log that the generation's load folds up to, per checkpoint row. */
  private static Map<String, Long> loadEnd(Pipeline pipeline, Generation generation) {
    Map<String, Long> end = new TreeMap<>();
    CheckpointRows.read(pipeline.azure().table(new CatalogTables(pipeline.namespace()).projectorCheckpoints()), generation)
        .forEach((rowKey, row) -> {
          if (row.getProperty(CheckpointLayout.LOAD_END) instanceof Number offset) {
            end.put(rowKey, offset.longValue());
          }
        });
    return end;
  }

  /** Keeps what a rebuild reports. */
  static final class Recorder implements Rebuild.Listener {
    final List<RebuildStatus> statuses = new CopyOnWriteArrayList<>();
    final List<Boolean> resumed = new CopyOnWriteArrayList<>();
    final List<Generation> flips = new CopyOnWriteArrayList<>();
    final List<String> loaded = new CopyOnWriteArrayList<>();

    @Override
    public void loading(String step, long count) {
      loaded.add(step);
    }

    @Override
    public void started(Generation pending, Generation live, boolean resumedRun) {
      resumed.add(resumedRun);
    }

    @Override
    public void progress(RebuildStatus status) {
      statuses.add(status);
    }

    @Override
    public void flipped(Generation from, Generation to, Duration grace) {
      flips.add(to);
    }

    @Override
    public void dropped(Generation old) {}
  }
}
