package io.tablecast.projection;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where a view set keeps the version of one kind of aggregate. A command that changes nothing
 * writes no event, so its read-your-writes token names the version its aggregate had (SPEC §5):
 * the views reflect it once the aggregate's row holds that version or a later one.
 *
 * @param kind the aggregate kind the command side names in its tokens: lower case, at most 32
 *     letters, digits and hyphens
 * @param row the row that carries an aggregate's version, by the aggregate's id; empty for an id
 *     no row can have
 * @param versionColumn the column of that row holding the aggregate version last applied
 */
public record AggregateRow(String kind, Function<String, Optional<RowRef>> row, String versionColumn) {

  private static final Pattern KIND = Pattern.compile("[a-z][a-z0-9-]{0,31}");

  public AggregateRow {
    if (!isKind(kind)) {
      throw new IllegalArgumentException("An aggregate kind is lower case, at most 32 letters, digits and hyphens: '" + kind + "'.");
    }
    Objects.requireNonNull(row, "'row' cannot be null.");
    Objects.requireNonNull(versionColumn, "'versionColumn' cannot be null.");
  }

  /** Whether {@code kind} is an aggregate kind's form, as tokens carry it. */
  public static boolean isKind(String kind) {
    return kind != null && KIND.matcher(kind).matches();
  }

  /** The version a stored row of this aggregate holds; empty if it holds none. */
  public OptionalLong version(Map<String, Object> properties) {
    return properties.get(versionColumn) instanceof Number version ? OptionalLong.of(version.longValue()) : OptionalLong.empty();
  }
}
