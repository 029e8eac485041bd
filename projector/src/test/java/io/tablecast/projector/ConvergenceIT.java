package io.tablecast.projector;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.projector.fixtures.ConvergenceRun;
import io.tablecast.projector.fixtures.SteppedStorage.Step;
import io.tablecast.testkit.LongRun;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Convergence under faults (SPEC §4, issue 5): for many seeded random histories, with workers
 * killed between every pair of steps, messages duplicated, reordered and timed out mid-work, and
 * one storage request in ten failing, every view ends equal to the model of the log and no
 * message is parked.
 *
 * <p>{@code -Dconvergence.seeds=N} runs seeds 1 to N (default 50; the {@code convergence}
 * profile runs 500); {@code -Dconvergence.seed=S} replays seed S alone, as a failure prints it.
 */
@ExtendWith(TablecastRuntimeExtension.class)
@LongRun
class ConvergenceIT {

  private static final Logger log = LoggerFactory.getLogger(ConvergenceIT.class);
  private static final int SEEDS = Integer.getInteger("convergence.seeds", 50);
  private static final Long ONLY = Long.getLong("convergence.seed");
  private static final int EVENTS = Integer.getInteger("convergence.events", 80);
  private static final int AT_ONCE = 4;

  @Test
  void everySeedConvergesToTheModelOfItsLogAndParksNothing(EmbeddedRuntime runtime) throws Exception {
    List<Long> seeds = ONLY != null ? List.of(ONLY) : LongStream.rangeClosed(1, SEEDS).boxed().toList();
    Map<Long, Throwable> failures = new ConcurrentHashMap<>();
    Map<Step, Integer> kills = new EnumMap<>(Step.class);
    ExecutorService pool = Executors.newFixedThreadPool(AT_ONCE);
    List<Future<?>> runs = new ArrayList<>();
    for (long seed : seeds) {
      runs.add(pool.submit(() -> {
        ConvergenceRun run = new ConvergenceRun(runtime, seed, EVENTS);
        try {
          run.run();
        } catch (Throwable t) {
          failures.put(seed, t);
          log.error("Convergence seed {} FAILED; replay it with: mvn verify -pl projector -Dit.test=ConvergenceIT -Dconvergence.seed={}",
              seed, seed, t);
        } finally {
          if (run.steps() != null) {
            synchronized (kills) {
              run.steps().killed().forEach((step, n) -> kills.merge(step, n, Integer::sum));
            }
          }
        }
      }));
    }
    for (Future<?> run : runs) {
      run.get();
    }
    pool.shutdown();
    pool.awaitTermination(1, TimeUnit.MINUTES);
    log.info("Convergence: {} seeds, kills per step {}", seeds.size(), kills);

    assertThat(failures).as("failed seeds (replay each with -Dconvergence.seed=<seed>)").isEmpty();
    if (ONLY == null) {
      assertThat(kills.keySet()).as("workers were killed after every step").containsAll(List.of(Step.values()));
    }
  }
}
