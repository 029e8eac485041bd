package io.tablecast.viewstore.adapter.out.tables;

import com.azure.data.tables.models.TableServiceException;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * The view store's one optimistic read-modify-write loop (the guide's optimistic concurrency):
 * read what the change depends on, plan the change with a pure function of what was read, and
 * write it conditionally (an insert, or If-Match on the ETags read). A write that loses a race to
 * another writer (409, 412, or 404 for a row that went away; see {@link TableResponses#lostRace})
 * is read, planned and written again, up to {@link #MAX_CONFLICTS} times in a row. Any other
 * failure is the caller's.
 */
public final class OptimisticWrite {

  /** How many races in a row one write may lose before its caller gives up on it for now. */
  public static final int MAX_CONFLICTS = 50;

  private OptimisticWrite() {}

  /**
   * @param read what the plan depends on; given the number of races lost so far (0 the first time)
   * @param plan pure: the change to make, from what was read
   * @param write makes the planned change; a lost race throws {@link TableServiceException}
   * @param giveUp what to throw when the write lost {@link #MAX_CONFLICTS} races in a row
   * @return the plan that was written
   */
  public static <S, P> P apply(IntFunction<S> read, Function<S, P> plan, BiConsumer<S, P> write,
      Function<TableServiceException, RuntimeException> giveUp) {
    for (int conflicts = 0; ; conflicts++) {
      S state = read.apply(conflicts);
      P planned = plan.apply(state);
      try {
        write.accept(state, planned);
        return planned;
      } catch (TableServiceException e) {
        if (!TableResponses.lostRace(e)) {
          throw e;
        }
        if (conflicts >= MAX_CONFLICTS) {
          throw giveUp.apply(e);
        }
      }
    }
  }
}
