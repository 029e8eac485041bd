package io.tablecast.commands.domain;

import java.util.Locale;

/** Emails are stored as given and compared case-insensitively (SPEC §9). */
public final class Emails {

  private Emails() {}

  /** The form in which two emails are the same address: {@code lower()} of SPEC §9. */
  public static String normalize(String email) {
    return email.toLowerCase(Locale.ROOT);
  }

  public static boolean sameAddress(String a, String b) {
    return normalize(a).equals(normalize(b));
  }
}
