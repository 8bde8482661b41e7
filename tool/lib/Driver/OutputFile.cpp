#include "Driver/OutputFile.h"

#include "Transform/FileRewriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace unawait {

namespace {

namespace fs = llvm::sys::fs;

/// Opens and truncates \p Path as it is: renaming a temporary over a device
/// or a FIFO would replace it with a regular file.
std::string writeThrough(llvm::StringRef Path, llvm::StringRef Text) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, fs::OF_None);
  if (EC)
    return "cannot write '" + Path.str() + "': " + EC.message();
  Out << Text;
  Out.close();
  if (Out.has_error()) {
    std::string Message = Out.error().message();
    Out.clear_error();
    return "cannot write '" + Path.str() + "': " + Message;
  }
  return "";
}

/// The file a symbolic link finally names, else \p Path itself.
std::string followLinks(llvm::StringRef Path) {
  fs::file_status Link;
  llvm::SmallString<256> Resolved;
  if (!fs::status(Path, Link, /*Follow=*/false) && fs::is_symlink_file(Link) &&
      !fs::real_path(Path, Resolved))
    return Resolved.str().str();
  return Path.str();
}

} // namespace

std::string writeOutput(llvm::StringRef Path, llvm::StringRef Text) {
  if (Path == "-") {
    llvm::outs() << Text;
    llvm::outs().flush();
    return "";
  }
  llvm::StringRef Directory = llvm::sys::path::parent_path(Path);
  if (!Directory.empty() && !fs::is_directory(Directory))
    return "cannot write '" + Path.str() + "': no such directory '" +
           Directory.str() + "'";
  fs::file_status Status;
  if (!fs::status(Path, Status) && fs::exists(Status) &&
      !fs::is_regular_file(Status))
    return writeThrough(Path, Text);
  return writeFileAtomically(followLinks(Path), Text);
}

} // namespace unawait
