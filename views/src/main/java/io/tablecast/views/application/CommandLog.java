package io.tablecast.views.application;

import java.util.OptionalLong;

/** Port: how many commands the commands topic has recorded, for the commands-per-second chart. */
public interface CommandLog {

  /** The sum of the commands topic's end offsets; empty when the log does not answer in time. */
  OptionalLong commandsRecorded();
}
