package io.tablecast.common.auth;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The permissions a token grants, whichever way its issuer spells them: delegated scopes in
 * {@code scp} (Microsoft Entra ID) or {@code scope} (RFC 8693, most other issuers), each a
 * space-separated string or an array, and application roles in {@code roles} (Entra ID's app
 * permissions for daemons, which carry no scope). They are one set: {@code commands.write} may be
 * granted either way.
 */
final class Permissions {

  private Permissions() {}

  /** The union of the three claims; a claim that is absent or of another type grants nothing. */
  static Set<String> granted(Object scp, Object scope, Object roles) {
    Set<String> granted = new LinkedHashSet<>();
    for (Object claim : new Object[] {scp, scope, roles}) {
      if (claim instanceof String text) {
        addWords(granted, text);
      } else if (claim instanceof Collection<?> values) {
        values.stream().filter(String.class::isInstance).map(String.class::cast).forEach(v -> addWords(granted, v));
      }
    }
    return Set.copyOf(granted);
  }

  private static void addWords(Set<String> into, String text) {
    for (String word : text.strip().split("\\s+")) {
      if (!word.isEmpty()) {
        into.add(word);
      }
    }
  }
}
