package io.tablecast.common.auth;

import java.util.Optional;
import java.util.Set;

/**
 * A token whose signature, issuer, audience and lifetime have been checked: who sent it, through
 * which client application ({@code azp}, or {@code appid} in Entra ID's v1.0 tokens), and what it
 * allows.
 *
 * @param subject who sent it: for a Microsoft Entra ID token, its object id in its tenant ({@code
 *     <oid>@<tid>}, or {@code oid} alone without a tenant), which names the user or application
 *     across every app of the tenant where {@code sub} differs from app to app; else its {@code sub}
 */
public record VerifiedToken(String subject, Optional<String> client, Set<String> permissions) {

  /** The subject no token may have: the name of the caller of requests without authentication. */
  public static final String ANONYMOUS = "anonymous";

  public VerifiedToken {
    permissions = Set.copyOf(permissions);
  }

  public boolean grants(String permission) {
    return permissions.contains(permission);
  }
}
