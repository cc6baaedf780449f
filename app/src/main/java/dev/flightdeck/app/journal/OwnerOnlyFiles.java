package dev.flightdeck.app.journal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.AclEntry;
import java.nio.file.attribute.AclEntryPermission;
import java.nio.file.attribute.AclEntryType;
import java.nio.file.attribute.AclFileAttributeView;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Files only their owner may read: the journal holds what actions saved (workloads, pods, who did
 * what where), so on a shared machine other users must not read it. POSIX: directories 0700, files
 * 0600. Windows: an ACL with one entry, the owner's. Elsewhere nothing is changed.
 */
public final class OwnerOnlyFiles {

    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");

    private OwnerOnlyFiles() {
    }

    /** Creates {@code dir} (and missing parents) and makes {@code dir} itself owner-only. */
    public static void directory(Path dir) throws IOException {
        Files.createDirectories(dir);
        restrict(dir, DIRECTORY);
    }

    /** Creates {@code file} empty if it is missing, then makes it owner-only (also one written by an older version). */
    public static void file(Path file) throws IOException {
        if (!Files.exists(file)) {
            try {
                Files.createFile(file);
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another writer made it first: restrict it all the same
            }
        }
        restrict(file, FILE);
    }

    private static void restrict(Path path, Set<PosixFilePermission> posix) throws IOException {
        if (Files.isSymbolicLink(path)) {
            return; // a link someone made on purpose: changing its target's mode is not ours to do
        }
        PosixFileAttributeView p = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        if (p != null) {
            if (!p.readAttributes().permissions().equals(posix)) {
                p.setPermissions(posix);
            }
            return;
        }
        AclFileAttributeView acl = Files.getFileAttributeView(path, AclFileAttributeView.class);
        if (acl != null) {
            UserPrincipal owner = acl.getOwner();
            AclEntry onlyOwner = AclEntry.newBuilder().setType(AclEntryType.ALLOW).setPrincipal(owner)
                    .setPermissions(EnumSet.allOf(AclEntryPermission.class)).build();
            if (!acl.getAcl().equals(List.of(onlyOwner))) {
                acl.setAcl(List.of(onlyOwner));
            }
        }
    }
}
