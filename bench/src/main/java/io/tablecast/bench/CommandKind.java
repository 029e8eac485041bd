package io.tablecast.bench;

/** The commands the benchmark sends, and the share of each in the mix (SPEC §5). */
enum CommandKind {
  HIRE(50),
  PATCH(30),
  TRANSFER(10),
  ARCHIVE(5),
  MANAGER(5);

  /** Percent of the mix. */
  final int share;

  CommandKind(int share) {
    this.share = share;
  }

  /**
   * Whether the projector makes the effect visible itself (hire, PATCH, manager assignment);
   * otherwise the queue workers do (transfer, archive: SPEC §4), after the projector queued the work.
   */
  boolean projectorPath() {
    return this != TRANSFER && this != ARCHIVE;
  }

  /** The kinds of one cycle of 20 requests in the mix's proportions, spread out: H P H P H T H P ... */
  static final CommandKind[] MIX_CYCLE = {
    HIRE, PATCH, HIRE, PATCH, HIRE, TRANSFER, HIRE, PATCH, HIRE, ARCHIVE,
    HIRE, PATCH, HIRE, PATCH, HIRE, TRANSFER, HIRE, PATCH, HIRE, MANAGER
  };
}
