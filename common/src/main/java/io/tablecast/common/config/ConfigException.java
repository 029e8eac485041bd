package io.tablecast.common.config;

/** A configuration value is missing or malformed; the message names the variable. */
public final class ConfigException extends RuntimeException {

  public ConfigException(String message) {
    super(message);
  }
}
