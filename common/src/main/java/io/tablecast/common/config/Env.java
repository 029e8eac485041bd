package io.tablecast.common.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Typed, read-only access to environment variables, for building the immutable configuration
 * records of each deployable in {@code main}. Every error names the variable.
 */
public final class Env {

  private static final Pattern SHORT_DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");

  private final Map<String, String> vars;

  private Env(Map<String, String> vars) {
    this.vars = Map.copyOf(vars);
  }

  public static Env system() {
    return new Env(System.getenv());
  }

  public static Env of(Map<String, String> vars) {
    return new Env(vars);
  }

  public Optional<String> optional(String name) {
    return Optional.ofNullable(vars.get(name)).map(String::strip).filter(v -> !v.isEmpty());
  }

  public String string(String name, String defaultValue) {
    return optional(name).orElse(defaultValue);
  }

  public int integer(String name, int defaultValue, int min, int max) {
    Optional<String> value = optional(name);
    if (value.isEmpty()) {
      return defaultValue;
    }
    try {
      int parsed = Integer.parseInt(value.get());
      if (parsed < min || parsed > max) {
        throw new ConfigException(name + " must be within " + min + ".." + max + ", was " + parsed);
      }
      return parsed;
    } catch (NumberFormatException e) {
      throw new ConfigException(name + " must be an integer, was '" + value.get() + "'");
    }
  }

  /**
   * One of {@code choices}, in any case, given back as the choice is spelt; {@code defaultValue}
   * when unset.
   */
  public String choice(String name, String defaultValue, List<String> choices) {
    Optional<String> value = optional(name);
    if (value.isEmpty()) {
      return defaultValue;
    }
    return choices.stream().filter(value.get()::equalsIgnoreCase).findFirst()
        .orElseThrow(() -> new ConfigException(name + " must be one of " + String.join(", ", choices) + ", was '" + value.get() + "'"));
  }

  /** {@code true} or {@code false}, in any case; {@code defaultValue} when unset. */
  public boolean flag(String name, boolean defaultValue) {
    return Boolean.parseBoolean(choice(name, String.valueOf(defaultValue), List.of("true", "false")));
  }

  /** A duration as {@code 500ms}, {@code 5s}, {@code 2m}, {@code 1h} or ISO-8601 ({@code PT5S}). */
  public Duration duration(String name, Duration defaultValue) {
    return optional(name).map(value -> parseDuration(name, value)).orElse(defaultValue);
  }

  /** Parses {@code text} as {@link #duration}; {@code what} names it in the error. */
  public static Duration parseDuration(String what, String text) {
    Matcher m = SHORT_DURATION.matcher(text);
    if (m.matches()) {
      long amount = Long.parseLong(m.group(1));
      return switch (m.group(2)) {
        case "ms" -> Duration.ofMillis(amount);
        case "s" -> Duration.ofSeconds(amount);
        case "m" -> Duration.ofMinutes(amount);
        default -> Duration.ofHours(amount);
      };
    }
    try {
      return Duration.parse(text);
    } catch (DateTimeParseException e) {
      throw new ConfigException(what + " must be a duration such as 5s, 500ms or PT5S, was '" + text + "'");
    }
  }

  public Namespace namespace() {
    try {
      return new Namespace(string("TABLECAST_NAMESPACE", ""));
    } catch (IllegalArgumentException e) {
      throw new ConfigException("TABLECAST_NAMESPACE: " + e.getMessage());
    }
  }
}
