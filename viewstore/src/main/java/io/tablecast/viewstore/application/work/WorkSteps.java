package io.tablecast.viewstore.application.work;

/**
 * The points between the steps of a worker, in order. Production passes {@link #NONE}; the
 * convergence tests stop workers at these points, as a crash would, and slow them down so that
 * their messages' visibility runs out mid-work.
 */
public interface WorkSteps {

  WorkSteps NONE = step -> { };

  enum Step {
    RECEIVED,
    STATES_READ,
    TRUTHS_READ,
    LEASED,
    ARCHIVED,
    PLACED_IN_TARGETS,
    REMOVED_FROM_SOURCES,
    EMAILS_INDEXED,
    LAST_NAMES_INDEXED,
    MANAGERS_FOLLOWED,
    COMMITTED,
  }

  /**
   * Called once {@code step} is done. May throw {@link Abandoned} to stop the worker right
   * there, as if its process had died.
   */
  void reached(Step step);

  /**
   * Stops a worker in its tracks: the message is neither deleted nor updated and the leases stay
   * taken, exactly as after a crash. Nothing in production throws it.
   */
  final class Abandoned extends RuntimeException {
    public Abandoned(Step step) {
      super("abandoned after " + step, null, false, false);
    }
  }
}
