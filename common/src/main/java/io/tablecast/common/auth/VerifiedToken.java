package io.tablecast.common.auth;

import java.util.Set;

/** A token whose signature, issuer, audience and lifetime have been checked: who sent it, and what it allows. */
public record VerifiedToken(String subject, Set<String> permissions) {

  public VerifiedToken {
    permissions = Set.copyOf(permissions);
  }

  public boolean grants(String permission) {
    return permissions.contains(permission);
  }
}
