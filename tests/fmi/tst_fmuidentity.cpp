// An imported FMU's identity is its archive's bytes (docs/FMI.md, "Import"; docs/ASSETS.md,
// "Imported FMUs"):
//   - the normalized lab records the archive's content hash (`archive_hash`), so the model
//     fingerprint changes when the .fmu file is replaced, and a recorded hash pins the file;
//   - a portable asset embeds the archive (base64, covered by the signature): exported, the .fmu
//     deleted, it replays bit for bit (in process and through `drivelab-cli verify` with an empty
//     FMU cache), and an archive swapped and re-signed is refused by the pinned hash.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "components/common/fmuarchive.h"
#include "fmuimportlab.h"
#include "io/asset.h"
#include "io/labfile.h"
#include "util/hash.h"

using namespace fmuimporttest;

namespace {

namespace fs = std::filesystem;

std::string fileBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// a folder of its own under the work folder, emptied
std::string freshDir(const std::string& name)
{
    const std::string dir = std::string(DRIVELAB_FMI_WORK) + "/" + name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

/// a PI lab beside its FMU `pi.fmu` (relative to the lab), holding 100 rad/s against 5 N m
std::string piLabText(const std::string& extraParams = "")
{
    const std::string fields =
        R"("file": "pi.fmu", "output": "torque", "speed_input": "speed", "start_values": {"target": 100, "kp": 0.5, "ki": 2})" + extraParams;
    return shaftLab(0.2, 0.0, fields, true, 1000000, 500000000,
                    R"(,
    {"id": "load", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": -5}})");
}

LoadedLab loadIn(const std::string& dir, const std::string& text)
{
    std::ofstream(dir + "/lab.lab.json") << text;
    return loadLab(dir + "/lab.lab.json");
}

std::string diagText(const Diagnostics& d)
{
    std::string s;
    for (const Diagnostic& x : d.items()) s += formatDiagnostic("lab", x) + "\n";
    return s;
}

// the fingerprint covers the archive's bytes, not its name: the same file name with other bytes
// is another model; the same bytes again the same model; a recorded archive_hash pins the file
DL_PLAIN_TEST(theFingerprintCoversTheArchiveBytes)
{
    const std::string dir = freshDir("identity");
    fs::copy_file(testFmu("picontroller3"), dir + "/pi.fmu");
    LoadedLab a = loadIn(dir, piLabText());
    DL_PLAIN_REQUIRE(a.model, diagText(a.diagnostics));
    const std::string hash3 = toHex16(hashBytes(fileBytes(testFmu("picontroller3"))));
    const Json& params = a.model->normalized["components"][0]["parameters"];
    DL_PLAIN_EQUAL(params.contains("archive_hash") ? params["archive_hash"].get<std::string>() : std::string("none"), hash3);
    // the FMI 2.0 build of the same controller under the same name: same variables, other bytes
    fs::copy_file(testFmu("picontroller2"), dir + "/pi.fmu", fs::copy_options::overwrite_existing);
    LoadedLab b = loadIn(dir, piLabText());
    DL_PLAIN_REQUIRE(b.model, diagText(b.diagnostics));
    DL_PLAIN_CHECK(b.model->fingerprint != a.model->fingerprint, "replacing the .fmu file must change the fingerprint");
    // the same bytes again: the same fingerprint
    fs::copy_file(testFmu("picontroller3"), dir + "/pi.fmu", fs::copy_options::overwrite_existing);
    LoadedLab c = loadIn(dir, piLabText());
    DL_PLAIN_REQUIRE(c.model, diagText(c.diagnostics));
    DL_PLAIN_EQUAL(c.model->fingerprint, a.model->fingerprint);
    // the normalized lab read back (archive_hash given) is the same model
    LoadedLab n = loadIn(dir, a.model->normalized.dump());
    DL_PLAIN_REQUIRE(n.model, diagText(n.diagnostics));
    DL_PLAIN_EQUAL(n.model->fingerprint, a.model->fingerprint);
    // a recorded hash the file does not have: refused on archive_hash, naming the component and both hashes
    fs::copy_file(testFmu("picontroller2"), dir + "/pi.fmu", fs::copy_options::overwrite_existing);
    LoadedLab d = loadIn(dir, piLabText(R"(, "archive_hash": ")" + hash3 + "\""));
    DL_PLAIN_CHECK(!d.model, "a replaced file must not compile against the recorded hash");
    const std::string why = diagText(d.diagnostics);
    DL_PLAIN_CHECK(why.find("src") != std::string::npos && why.find("fmu.archive_hash") != std::string::npos &&
                       why.find(hash3) != std::string::npos && why.find("replaced") != std::string::npos,
                   why);
}

/// `drivelab-cli ARGS` with XDG_CACHE_HOME=cache (a fresh FMU cache); its exit code, output in `out`
int cli(const std::string& args, const std::string& cache, std::string& out)
{
    const std::string log = std::string(DRIVELAB_FMI_WORK) + "/identity-cli.txt";
    const std::string cmd = "XDG_CACHE_HOME='" + cache + "' " + std::string(DRIVELAB_CLI) + " " + args + " > '" + log + "' 2>&1";
    const int rc = std::system(cmd.c_str());
    out = fileBytes(log);
    return rc;
}

// an asset of a lab with an FMU embeds the archive: the .fmu deleted, it replays bit for bit
DL_PLAIN_TEST(anAssetEmbedsItsFmuAndReplaysWithoutTheFile)
{
    const std::string dir = freshDir("asset");
    fs::copy_file(testFmu("picontroller3"), dir + "/pi.fmu");
    std::ofstream(dir + "/lab.lab.json") << piLabText();
    std::string out;
    DL_PLAIN_REQUIRE(cli("export '" + dir + "/lab.lab.json' --output '" + dir + "/pi.dlasset.json'", dir + "/cache-export", out) == 0, out);
    const std::string text = fileBytes(dir + "/pi.dlasset.json");
    fs::remove(dir + "/pi.fmu");
    // the archive is in the asset, byte for byte
    AssetReadResult r = readAsset(text);
    DL_PLAIN_REQUIRE(r.asset, diagText(r.diagnostics));
    std::string embedded;
    DL_PLAIN_REQUIRE(base64Decode(r.asset->fmus["pi.fmu"].get<std::string>(), embedded), "fmus.pi.fmu is base64");
    DL_PLAIN_CHECK(embedded == fileBytes(testFmu("picontroller3")), "the embedded archive is the file's bytes");
    const AssetReplay replay = replayAsset(*r.asset);
    DL_PLAIN_CHECK(replay.ok, replay.field << ": " << replay.message << " " << replay.error.message);
    DL_PLAIN_CHECK(replay.boundariesChecked == r.asset->boundaries.size(), replay.boundariesChecked);
    // another process, an empty FMU cache, no file: verify reproduces every boundary
    const int rc = cli("verify '" + dir + "/pi.dlasset.json'", dir + "/cache-verify", out);
    DL_PLAIN_CHECK(rc == 0, out);
    DL_PLAIN_CHECK(fs::is_directory(dir + "/cache-verify/drivelab/fmu"), "verify unpacked the embedded archive into its own cache");
    // the run of the asset reports what the lab's run reported (the file back for the lab)
    DL_PLAIN_REQUIRE(cli("run '" + dir + "/pi.dlasset.json' --output '" + dir + "/asset-report.json' --quiet", dir + "/cache-verify", out) == 0, out);
    fs::copy_file(testFmu("picontroller3"), dir + "/pi.fmu");
    DL_PLAIN_REQUIRE(cli("run '" + dir + "/lab.lab.json' --output '" + dir + "/lab-report.json' --quiet", dir + "/cache-export", out) == 0, out);
    DL_PLAIN_CHECK(fileBytes(dir + "/asset-report.json") == fileBytes(dir + "/lab-report.json"), "the asset's run differs from the lab's");
}

// the signature covers the archive, the model's archive_hash pins it: another archive put in and
// the asset signed again is refused, naming the hashes
DL_PLAIN_TEST(anAssetWithAnotherArchiveIsRefused)
{
    const std::string dir = freshDir("asset-swap");
    fs::copy_file(testFmu("picontroller3"), dir + "/pi.fmu");
    LoadedLab lab = loadIn(dir, piLabText());
    DL_PLAIN_REQUIRE(lab.model, diagText(lab.diagnostics));
    AssetExport e = recordAsset(lab.model);
    DL_PLAIN_REQUIRE(e.asset, e.error.message);
    const std::string text = writeAsset(*e.asset);
    // a byte of the archive changed: the signature no longer matches
    Json doc = Json::parse(text);
    std::string b64 = doc["fmus"]["pi.fmu"].get<std::string>();
    b64[100] = b64[100] == 'A' ? 'B' : 'A';
    doc["fmus"]["pi.fmu"] = b64;
    AssetReadResult r = readAsset(assetTextV1(doc));
    DL_PLAIN_CHECK(!r.asset && diagText(r.diagnostics).find("signature") != std::string::npos, diagText(r.diagnostics));
    // the FMI 2.0 build swapped in and signed again: the pinned hash refuses it
    doc["fmus"]["pi.fmu"] = base64Encode(fileBytes(testFmu("picontroller2")));
    doc.erase("signature");
    doc["signature"] = toHex16(assetSignatureV1(doc));
    r = readAsset(assetTextV1(doc));
    DL_PLAIN_CHECK(!r.asset, "a swapped archive must be refused");
    const std::string why = diagText(r.diagnostics);
    DL_PLAIN_CHECK(why.find("model.fmu.archive_hash") != std::string::npos && why.find("replaced") != std::string::npos, why);
    // an archive no component names, and one that is not base64
    doc["fmus"]["pi.fmu"] = base64Encode(fileBytes(testFmu("picontroller3")));
    doc["fmus"]["other.fmu"] = "not base64!";
    doc.erase("signature");
    doc["signature"] = toHex16(assetSignatureV1(doc));
    r = readAsset(assetTextV1(doc));
    DL_PLAIN_CHECK(!r.asset && diagText(r.diagnostics).find("fmus.other.fmu") != std::string::npos, diagText(r.diagnostics));
    doc["fmus"]["other.fmu"] = base64Encode("x");
    doc.erase("signature");
    doc["signature"] = toHex16(assetSignatureV1(doc));
    r = readAsset(assetTextV1(doc));
    DL_PLAIN_CHECK(!r.asset && diagText(r.diagnostics).find("no fmu component of the model names it") != std::string::npos,
                   diagText(r.diagnostics));
}

// base64 round trips every length and refuses what is not canonical
DL_PLAIN_TEST(base64RoundTripsAndRefusesNonCanonicalText)
{
    std::string bytes;
    for (int n = 0; n < 70; ++n) {
        std::string decoded;
        DL_PLAIN_REQUIRE(base64Decode(base64Encode(bytes), decoded), n);
        DL_PLAIN_CHECK(decoded == bytes, n);
        bytes += static_cast<char>((n * 37 + 11) & 255);
    }
    DL_PLAIN_EQUAL(base64Encode("Man"), std::string("TWFu"));
    DL_PLAIN_EQUAL(base64Encode("Ma"), std::string("TWE="));
    DL_PLAIN_EQUAL(base64Encode("M"), std::string("TQ=="));
    std::string out;
    for (const char* bad : {"TWE", "TW=u", "TWF=", "TR==", "T===", "TWFu\n", "TW!u"}) DL_PLAIN_CHECK(!base64Decode(bad, out), bad);
}

} // namespace
